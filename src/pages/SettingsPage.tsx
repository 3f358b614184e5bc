import { SettingsScreen } from '../resources/settings/index.ts';
import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function SettingsPage() {
  return (
    <PlaceholderPage path="/settings">
      <SettingsScreen admin={true} />
    </PlaceholderPage>
  );
}
