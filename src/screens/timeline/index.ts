/** What the router registers for /timeline: the screen, loaded when first opened (views.tsx). */
import { retryableLazy } from '../../ui/retryableLazy.tsx';

export const TimelinePage = retryableLazy('this screen', () => import('./views.tsx'));
