import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function TokensPage() {
  return <PlaceholderPage path="/settings/tokens" />;
}
