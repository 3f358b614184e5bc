/** /settings/alerts, Alerts delivery, in its frame: the lazy chunk index.ts registers. */
import AlertDeliveryScreen from './AlertDeliveryScreen.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';

export default function AlertDeliveryPage() {
  return (
    <ScreenFrame path="/settings/alerts">
      <AlertDeliveryScreen />
    </ScreenFrame>
  );
}
