/** /timeline in its frame: the lazy chunk index.ts registers. */
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import TimelineScreen from './TimelineScreen.tsx';

export default function TimelinePage() {
  return (
    <ScreenFrame path="/timeline">
      <TimelineScreen />
    </ScreenFrame>
  );
}
