import { ConfigsScreen } from '../resources/configs/index.ts';
import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function ConfigsPage() {
  return (
    <PlaceholderPage path="/settings/configs">
      <ConfigsScreen />
    </PlaceholderPage>
  );
}
