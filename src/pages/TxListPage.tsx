import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function TxListPage() {
  return <PlaceholderPage path="/tx" />;
}
