import { TxNewScreen } from '../resources/txOperations/index.ts';
import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function TxNewPage() {
  return (
    <PlaceholderPage path="/tx/new">
      <TxNewScreen />
    </PlaceholderPage>
  );
}
