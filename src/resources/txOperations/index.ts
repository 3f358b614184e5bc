export { TxNewScreen } from './TxNewScreen.tsx';
