export { ConfigsScreen } from './ConfigsScreen.tsx';
export { ConfigEditor } from './ConfigEditor.tsx';
