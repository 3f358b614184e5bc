export { BridgesScreen } from './BridgesScreen.tsx';
