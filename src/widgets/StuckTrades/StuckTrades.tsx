/**
 * Home's Stuck trades (docs/protocol.md "Trades"): how many trades are stuck and the oldest few,
 * each a link to its trade's page; one quiet line when none is; nothing when the backend has no
 * trades. Read from the live store (TradesWatch keeps the list there), with plain elements and what
 * home already loads: the home screen's bundle budget has no room for more.
 */
import Box from '@mui/material/Box';
import { Link } from 'react-router-dom';
import { STUCK_TRADES_SHOWN, TRADES_PATH } from '../../config/trades.ts';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { Panel } from '../Dashboard/Panel.tsx';
import { useNow } from '../../ui/useNow.ts';

const selectList = (s: LiveState) => s.stuckList;
const selectAvailable = (s: LiveState) => s.tradesAvailable;

/** The stuck trades in the list, oldest first. */
const ALL_STUCK = `${TRADES_PATH}?filter=${encodeURIComponent('{"state":"stuck"}')}&sort=startedAt&order=ASC`;

/** Minutes once past one ("14 min"), seconds before: enough to tell a trade stuck since lunch from one just stuck. */
const roughly = (ms: number) => (ms < 60_000 ? `${Math.max(0, Math.floor(ms / 1000))} s` : `${Math.floor(ms / 60_000)} min`);

export function StuckTrades({ gridArea }: { gridArea: string }) {
  const list = useLive(selectList);
  const available = useLive(selectAvailable);
  const now = useNow(1000);
  if (available === false) return null;
  const count = list?.total ?? 0;
  return (
    <Panel title="Stuck trades" gridArea={gridArea}>
      <Box sx={{ color: count > 0 ? 'error.main' : 'text.secondary', typography: 'body2' }}>
        {count > 0 ? <Link to={ALL_STUCK} style={{ color: 'inherit', fontWeight: 700, display: 'inline-block', minHeight: 24, lineHeight: '24px' }}>
            {count} stuck
          </Link> : list ? 'None' : '–'}
        {count > 0 && (
          <Box component="ul" aria-label="Oldest stuck trades" sx={{ m: 0, pl: 2.5 }}>
            {list?.trades.slice(0, STUCK_TRADES_SHOWN).map((t) => (
              <li key={t.tradeId}>
                <Link to={`${TRADES_PATH}/${encodeURIComponent(t.tradeId)}`} style={{ color: 'inherit' }}>
                  {t.tokenName} {t.networkBuy} → {t.networkSell}
                </Link>
                {/* Its last change is when the stuck step was sent (the server's clock: close enough for minutes). */}
                {`, step ${t.currentStep + 1} pending for ${roughly(now - t.updatedAt)}`}
              </li>
            ))}
          </Box>
        )}
      </Box>
    </Panel>
  );
}
