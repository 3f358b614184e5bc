import { AlertDeliveryScreen } from '../resources/alertDelivery/index.ts';
import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function AlertDeliveryPage() {
  return (
    <PlaceholderPage path="/settings/alerts">
      <AlertDeliveryScreen />
    </PlaceholderPage>
  );
}
