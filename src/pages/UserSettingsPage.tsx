import { SettingsScreen } from '../resources/settings/index.ts';
import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function UserSettingsPage() {
  return (
    <PlaceholderPage path="/tsettings">
      <SettingsScreen admin={false} />
    </PlaceholderPage>
  );
}
