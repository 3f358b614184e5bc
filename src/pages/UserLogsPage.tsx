import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function UserLogsPage() {
  return <PlaceholderPage path="/settings/userlogs" />;
}
