/** What the router registers for /settings: the screen, loaded when first opened (views.tsx). */
import { retryableLazy } from '../../ui/retryableLazy.tsx';

export const SettingsPage = retryableLazy('this screen', () => import('./views.tsx'));
