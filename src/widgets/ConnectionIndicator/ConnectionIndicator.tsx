import Chip from '@mui/material/Chip';
import { useConnectionState } from '../../realtime/index.ts';
import { useNow } from '../../ui/useNow.ts';
import { LazyTooltip } from '../../ui/LazyTooltip.tsx';

const LOOK = {
  live: { label: 'Live', color: 'success' },
  silent: { label: 'Silent', color: 'warning' },
  connecting: { label: 'Connecting', color: 'info' },
  reconnecting: { label: 'Reconnecting', color: 'warning' },
  offline: { label: 'Offline', color: 'error' },
} as const;

/**
 * Tells connected-and-fresh from connected-but-silent from reconnecting from offline, with the age
 * of the newest event: a dashboard that looks live but froze costs money.
 */
export function ConnectionIndicator() {
  const { status, lastEventAt } = useConnectionState();
  const now = useNow(1000);
  const age = lastEventAt === null ? null : Math.max(0, Math.round((now - lastEventAt) / 1000));
  const look = LOOK[status];
  const detail = age === null ? 'no event yet' : `last event ${age} s ago`;
  return (
    <LazyTooltip describeChild title={`Server connection: ${look.label.toLowerCase()}, ${detail}`}>
      <Chip
        size="small"
        color={look.color}
        variant={status === 'live' ? 'outlined' : 'filled'}
        label={age === null ? look.label : `${look.label} · ${age}s`}
        aria-label={`Server connection ${look.label}, ${detail}`}
        data-status={status}
      />
    </LazyTooltip>
  );
}
