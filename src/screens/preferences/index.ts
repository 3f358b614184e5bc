/** What the router registers for /tsettings: the screen, loaded when first opened (views.tsx). */
import { retryableLazy } from '../../ui/retryableLazy.tsx';

export const PreferencesPage = retryableLazy('this screen', () => import('./views.tsx'));
