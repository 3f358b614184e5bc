/** What the router registers for /settings/alerts: the screen, loaded when first opened (views.tsx). */
import { retryableLazy } from '../../ui/retryableLazy.tsx';

export const AlertDeliveryPage = retryableLazy('this screen', () => import('./views.tsx'));
