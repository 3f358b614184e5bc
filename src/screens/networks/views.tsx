/** /settings/networks in its frame: the lazy chunk index.ts registers. */
import { NetworkSettingsEditor } from './NetworkSettingsEditor.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';

export default function NetworksPage() {
  return (
    <ScreenFrame path="/settings/networks">
      <NetworkSettingsEditor />
    </ScreenFrame>
  );
}
