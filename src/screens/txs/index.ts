/**
 * What the console registers of transactions: the resource's definition (/tx, /tx/{id}) and
 * /tx/latest, a screen of its own over the same columns, loaded when first opened (views.tsx).
 */
import { retryableLazy } from '../../ui/retryableLazy.tsx';

export { txs } from './definition.ts';

export const TxLatestPage = retryableLazy<object>('this screen', () => import('./views.tsx').then((m) => ({ default: m.TxLatestPage })));
