/** What the router registers for /tx/new: the screen, loaded when first opened (views.tsx). */
import { retryableLazy } from '../../ui/retryableLazy.tsx';

export const TxNewPage = retryableLazy('this screen', () => import('./views.tsx'));
