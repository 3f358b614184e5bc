import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function UserSettingsPage() {
  return <PlaceholderPage path="/tsettings" />;
}
