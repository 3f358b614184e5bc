export { txs } from './definition.ts';
export { TxLatest, LATEST_COUNT } from './TxLatest.tsx';
