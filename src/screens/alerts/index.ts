/** What the router registers for /alerts and /alerts/{id}: the screens, loaded when first opened (views.tsx). */
import { retryableLazy } from '../../ui/retryableLazy.tsx';

export const AlertsPage = retryableLazy('this screen', () => import('./views.tsx'));
