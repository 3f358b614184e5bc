import Button from '@mui/material/Button';
import { useLive } from '../../realtime/index.ts';
import { countdownColour, formatMmSs } from '../../domain/countdown.ts';
import { useNow } from '../../ui/useNow.ts';
import { useFormatTime } from '../../ui/timeZone.ts';
import { useOriginKeepAlive } from './useOriginKeepAlive.ts';
import { LazyTooltip } from '../../ui/LazyTooltip.tsx';

const MUI_COLOUR = { light: 'inherit', warning: 'warning', danger: 'error' } as const;

/** §2/§4/§9: the session countdown in mm:ss, light / warning under 10 min / danger under 5 min. */
export function SessionCountdown() {
  const deadline = useLive((s) => s.sessionDeadline);
  const disconnected = useLive((s) => s.msRemainingBeforeDisconnect <= 0);
  const now = useNow(1000);
  const formatTime = useFormatTime();
  const remaining = deadline === null || disconnected ? 0 : Math.max(0, deadline - now);
  useOriginKeepAlive(remaining > 0);
  // Before the first init there is nothing to count down: neutral, not a red 00:00 flash.
  const known = deadline !== null;
  const colour = known ? countdownColour(remaining) : 'light';
  const text = known ? formatMmSs(remaining) : '--:--';
  const endsAt = deadline ? formatTime(deadline) : 'unknown';
  return (
    <LazyTooltip describeChild title={`Session ends at ${endsAt}; sign in again after that`}>
      <Button
        size="small"
        variant={colour === 'light' ? 'outlined' : 'contained'}
        color={MUI_COLOUR[colour]}
        aria-label={`Session time remaining ${text}`}
        data-colour={colour}
        sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 64 }}
      >
        {text}
      </Button>
    </LazyTooltip>
  );
}
