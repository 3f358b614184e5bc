export { NetworkSettingsEditor } from './NetworkSettingsEditor.tsx';
