import AnalyticsScreen from '../widgets/Analytics/AnalyticsScreen.tsx';
import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function AnalyticsPage() {
  return (
    <PlaceholderPage path="/analytics">
      <AnalyticsScreen />
    </PlaceholderPage>
  );
}
