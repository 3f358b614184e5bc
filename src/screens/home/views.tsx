/** / home, the live operations dashboard, in its frame: the lazy chunk index.ts registers. */
import { Dashboard } from '../../widgets/Dashboard/Dashboard.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';

export default function HomePage() {
  return (
    <ScreenFrame path="/">
      <Dashboard />
    </ScreenFrame>
  );
}
