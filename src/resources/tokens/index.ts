export { TokensScreen } from './TokensScreen.tsx';
export { TokenList } from './TokenList.tsx';
export { TokenForm } from './TokenForm.tsx';
