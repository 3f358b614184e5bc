/**
 * The status line under the header, on every screen (docs/product.md "Status line"): "All clear
 * since 14:02" when nothing is wrong, else what is wrong now, worst first, each a link to where to
 * act. On a phone it is one line (the worst item and how many more) that opens the whole list.
 *
 * It reads the live store once a second rather than on every event: at 2,500 events a second a
 * subscription to block heads would re-render it thousands of times for a line that changes
 * rarely; a second is well inside "within 10 s" and the durations it shows are in seconds. It
 * re-renders only when what it says changes (sameStatus).
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink } from 'react-router-dom';
import { TITLE_ROW_CLEAR_OF_TOASTS } from '../../config/layers.ts';
import { STATUS_LINE_OFF_KEY } from '../../config/constants.ts';
import { sameStatus, statusItems, type StatusItem, type StatusSeverity } from '../../domain/statusLine.ts';
import { liveStore, type LiveState, type LiveStore } from '../../realtime/index.ts';
import { useFormatTime } from '../../ui/timeZone.ts';

const PERIOD_MS = 1000;

const benchTurnedOff = (): boolean => {
  try {
    return globalThis.localStorage?.getItem(STATUS_LINE_OFF_KEY) === '1';
  } catch {
    return false;
  }
};

const COLOUR: Record<StatusSeverity, 'error' | 'warning' | 'info'> = { critical: 'error', warning: 'warning', info: 'info' };

function read(s: LiveState, now: number, formatTime: (ms: number) => string): StatusItem[] {
  return statusItems(
    {
      connectionLost: s.initialised && (s.connection === 'reconnecting' || s.connection === 'offline'),
      alerts: s.alerts,
      silences: s.silences,
      connectedServices: s.connectedServices,
      peers: s.brainState ? { tx: s.brainState.txPeerStatus, zmq: s.brainState.zmqPeerStatus } : null,
      newHeads: s.newHeads,
      stuckTrades: s.stuckTrades,
    },
    now,
    formatTime,
  );
}

/** What is wrong now, and since when all has been clear (null while something is wrong). */
function useStatus(store: LiveStore, formatTime: (ms: number) => string): { items: StatusItem[]; clearSince: number | null; ready: boolean } {
  const [items, setItems] = useState<StatusItem[]>(() => read(store.getState(), Date.now(), formatTime));
  const [ready, setReady] = useState(() => store.getState().initialised);
  const clearSince = useRef<number | null>(null);
  useEffect(() => {
    const tick = () => {
      const state = store.getState();
      setReady(state.initialised);
      setItems((before) => {
        const next = read(state, Date.now(), formatTime);
        return sameStatus(before, next) ? before : next;
      });
    };
    tick();
    const timer = setInterval(tick, PERIOD_MS);
    // Until the live state first arrives, told at once rather than up to a tick later (it read
    // "Waiting for the live state…" beside a Live chip); then the tick alone, off the feed's path.
    let waiting: (() => void) | null = store.getState().initialised
      ? null
      : store.subscribe(() => {
          if (!store.getState().initialised) return;
          waiting?.();
          waiting = null;
          tick();
        });
    return () => {
      clearInterval(timer);
      waiting?.();
    };
  }, [store, formatTime]);
  if (items.length > 0) clearSince.current = null;
  else clearSince.current ??= Date.now();
  return { items, clearSince: clearSince.current, ready };
}

function ItemText({ item }: { item: StatusItem }) {
  const text = (
    <Typography component="span" variant="body2" sx={{ color: `${COLOUR[item.severity]}.main`, fontWeight: item.severity === 'critical' ? 700 : 500 }}>
      {item.text}
    </Typography>
  );
  return item.link ? (
    <Link component={RouterLink} to={item.link} underline="hover" color="inherit">
      {text}
    </Link>
  ) : (
    text
  );
}

export function StatusLine({ store = liveStore }: { store?: LiveStore }) {
  const [off] = useState(benchTurnedOff);
  return off ? null : <StatusLineShown store={store} />;
}

function StatusLineShown({ store }: { store: LiveStore }) {
  const formatTime = useFormatTime();
  const { items, clearSince, ready } = useStatus(store, formatTime);
  // MUI's sm breakpoint (600 px), written out: the line may render outside a theme (tests, the frame's edges).
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const [open, setOpen] = useState(false);
  const worst = items[0];
  return (
    <Box
      component="section"
      aria-label="Status"
      data-testid="status-line"
      data-state={items.length === 0 ? 'clear' : (worst?.severity ?? 'clear')}
      // Its right end stays free for the folded toast stack, as a title row's does: a toast never covers an item.
      sx={{ pl: { xs: 1, sm: 2 }, pr: { xs: 1, ...TITLE_ROW_CLEAR_OF_TOASTS.pr }, py: 0.5, mb: 1, borderBottom: 1, borderColor: 'divider', minWidth: 0, overflowWrap: 'anywhere' }}
    >
      {!ready && items.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Waiting for the live state…
        </Typography>
      ) : items.length === 0 || !worst ? (
        <Typography variant="body2" sx={{ color: 'success.main', fontWeight: 500 }}>
          All clear since {formatTime(clearSince ?? Date.now())}
        </Typography>
      ) : phone ? (
        <>
          <Button
            size="small"
            color={COLOUR[worst.severity]}
            aria-expanded={open}
            aria-controls="status-line-list"
            title={worst.text}
            onClick={() => setOpen((o) => !o)}
            sx={{ textTransform: 'none', display: 'flex', width: '100%', justifyContent: 'flex-start', p: 0.25, minWidth: 0 }}
          >
            {/* No width of its own (0, then grown): the one line never widens the page, however long the worst item. */}
            <Box component="span" sx={{ flex: '1 1 auto', width: 0, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'left' }}>
              {items.length === 1 ? worst.text : `${items.length} problems: ${worst.text}`}
            </Box>
          </Button>
          {open && (
            <Stack id="status-line-list" component="ul" aria-label="What is wrong now" spacing={0.5} sx={{ m: 0, mt: 0.5, pl: 2 }}>
              {items.map((item) => (
                <li key={item.key}>
                  <ItemText item={item} />
                </li>
              ))}
            </Stack>
          )}
        </>
      ) : (
        <Stack component="ul" aria-label="What is wrong now" direction="row" sx={{ m: 0, p: 0, listStyle: 'none', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25 }}>
          {items.map((item) => (
            <li key={item.key}>
              <ItemText item={item} />
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
