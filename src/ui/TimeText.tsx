/** A time (ms) in the zone the operator chose (Preferences), as every list shows times. */
import { useFormatTime } from './timeZone.ts';

export function TimeText({ ms }: { ms: unknown }) {
  const formatTime = useFormatTime();
  return <span style={{ whiteSpace: 'nowrap' }}>{typeof ms === 'number' ? formatTime(ms) : ''}</span>;
}
