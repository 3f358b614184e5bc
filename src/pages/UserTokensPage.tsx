import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function UserTokensPage() {
  return <PlaceholderPage path="/tsettings/tokens" />;
}
