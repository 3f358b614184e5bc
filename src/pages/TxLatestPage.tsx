import { TxLatest } from '../resources/txs/index.ts';
import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function TxLatestPage() {
  return (
    <PlaceholderPage path="/tx/latest">
      <TxLatest />
    </PlaceholderPage>
  );
}
