/** /analytics in its frame: the lazy chunk index.ts registers. */
import AnalyticsScreen from './AnalyticsScreen.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';

export default function AnalyticsPage() {
  return (
    <ScreenFrame path="/analytics">
      <AnalyticsScreen />
    </ScreenFrame>
  );
}
