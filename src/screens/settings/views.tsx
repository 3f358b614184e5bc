/** /settings, System settings, in its frame: the lazy chunk index.ts registers. */
import { SettingsScreen } from './SettingsScreen.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';

export default function SettingsPage() {
  return (
    <ScreenFrame path="/settings">
      <SettingsScreen />
    </ScreenFrame>
  );
}
