import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function SettingsPage() {
  return <PlaceholderPage path="/settings" />;
}
