/** /settings/bridges/* keeps its sub-routes inside (list, _new, :bridgeName). */
import { BridgesScreen } from '../resources/bridges/index.ts';
import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function BridgesPage() {
  return (
    <PlaceholderPage path="/settings/bridges/*">
      <BridgesScreen />
    </PlaceholderPage>
  );
}
