/** What the router registers for /analytics: the screen, loaded when first opened (views.tsx). */
import { retryableLazy } from '../../ui/retryableLazy.tsx';

export const AnalyticsPage = retryableLazy('this screen', () => import('./views.tsx'));
