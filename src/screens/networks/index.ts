/** What the router registers for /settings/networks: the screen, loaded when first opened (views.tsx). */
import { retryableLazy } from '../../ui/retryableLazy.tsx';

export const NetworksPage = retryableLazy('this screen', () => import('./views.tsx'));
