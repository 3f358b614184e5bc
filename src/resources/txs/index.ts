export { TxList } from './TxList.tsx';
export { TxLatest, LATEST_REFETCH_MS } from './TxLatest.tsx';
