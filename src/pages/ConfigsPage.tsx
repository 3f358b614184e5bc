import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function ConfigsPage() {
  return <PlaceholderPage path="/settings/configs" />;
}
