import { NetworkSettingsEditor } from '../resources/networks/index.ts';
import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function NetworksPage() {
  return (
    <PlaceholderPage path="/settings/networks">
      <NetworkSettingsEditor />
    </PlaceholderPage>
  );
}
