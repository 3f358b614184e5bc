import { TxList } from '../resources/txs/index.ts';
import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function TxListPage() {
  return (
    <PlaceholderPage path="/tx">
      <TxList />
    </PlaceholderPage>
  );
}
