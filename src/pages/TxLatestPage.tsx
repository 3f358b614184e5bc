import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function TxLatestPage() {
  return <PlaceholderPage path="/tx/latest" />;
}
