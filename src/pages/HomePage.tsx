/** / home: the live operations dashboard. */
import { Dashboard } from '../widgets/Dashboard/Dashboard.tsx';
import { PlaceholderPage } from './PlaceholderPage.tsx';

export default function HomePage() {
  return (
    <PlaceholderPage path="/">
      <Dashboard />
    </PlaceholderPage>
  );
}
