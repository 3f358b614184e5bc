/** /tsettings, Preferences, in its frame: the lazy chunk index.ts registers. */
import { PreferencesScreen } from './PreferencesScreen.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';

export default function PreferencesPage() {
  return (
    <ScreenFrame path="/tsettings">
      <PreferencesScreen />
    </ScreenFrame>
  );
}
