/** What the router registers for /: the screen, loaded when first opened (views.tsx). */
import { retryableLazy } from '../../ui/retryableLazy.tsx';

export const HomePage = retryableLazy('this screen', () => import('./views.tsx'));
