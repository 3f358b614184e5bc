import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BlockHeads } from '../BlockHeads/BlockHeads.tsx';
import { ConnectedUsers } from '../ConnectedUsers/ConnectedUsers.tsx';
import { ServiceStatus } from '../ServiceStatus/ServiceStatus.tsx';
import { Statistics } from '../Statistics/Statistics.tsx';
import { StuckTrades } from '../StuckTrades/StuckTrades.tsx';
import { WorkerControls } from '../WorkerControls/WorkerControls.tsx';
import { LoadBoundary, retryableLazy } from '../../ui/retryableLazy.tsx';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { Panel } from './Panel.tsx';

// Loaded after first paint (bench/lib/bundle.ts HOME_AFTER_PAINT), with their charts.
const PerformanceCard = retryableLazy('the Performance card', () => import('../Performance/PerformanceCard.tsx'));
const NetworkStats = retryableLazy('the gas and balances', () => import('../NetworkStats/NetworkStats.tsx'));
// The last panel, below the fold on every screen: its sentences' code need not hold up the first paint.
const UserLogFeed = retryableLazy<object>('the user log', () => import('../UserLogFeed/UserLogFeed.tsx').then((m) => ({ default: m.UserLogFeed })));

const selectUrgent = (s: LiveState) => (s.stuckList?.total ?? 0) > 0;

/** Quiet: controls on top, live data below. */
const QUIET_AREAS = {
  xs: '"workers" "services" "blocks" "perf" "stuck" "networks" "people" "logs"',
  lg: '"workers workers" "services services" "blocks blocks" "networks perf" "networks stuck" "networks people" "networks logs"',
};
/** With trades stuck, they come first (docs/guide.md "Alerts"): what needs acting on is above the fold. */
const URGENT_AREAS = {
  xs: '"stuck" "workers" "services" "blocks" "perf" "networks" "people" "logs"',
  lg: '"stuck stuck" "workers workers" "services services" "blocks blocks" "networks perf" "networks people" "networks logs"',
};

/**
 * The home screen operators watch all day, ordered by urgency: the status line above it names what
 * is wrong now (firing alerts first); stuck trades, when there are any, come first here, in the
 * page's order as well as on screen (a keyboard or a reader meets them first too); then the
 * controls, then the routine figures.
 */
// On a phone, room under the last panel (pb) for the floating windows' list fixed at the bottom-left
// (§2, about 40 px tall), so the page scrolls the last controls clear of it.
export function Dashboard() {
  const urgent = useLive(selectUrgent);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        pb: { xs: 7, sm: 0 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
        gridTemplateAreas: urgent ? URGENT_AREAS : QUIET_AREAS,
      }}
    >
      {urgent && <StuckTrades gridArea="stuck" />}
      <Panel title="Workers" gridArea="workers">
        <WorkerControls />
      </Panel>
      <Panel title="Services" gridArea="services">
        <ServiceStatus />
      </Panel>
      <Panel title="Block heads" gridArea="blocks">
        <BlockHeads />
      </Panel>
      <LoadBoundary>
        <Suspense fallback={null}>
          <PerformanceCard gridArea="perf" />
        </Suspense>
      </LoadBoundary>
      {!urgent && <StuckTrades gridArea="stuck" />}
      <Panel title="Gas and balances" gridArea="networks">
        <LoadBoundary dense>
          <Suspense fallback={<Typography variant="body2" color="text.secondary">Waiting for gas and balances…</Typography>}>
            <NetworkStats />
          </Suspense>
        </LoadBoundary>
      </Panel>
      <Panel title="Connected" gridArea="people">
        <ConnectedUsers />
        <Box sx={{ mt: 1 }}>
          <Statistics />
        </Box>
      </Panel>
      <Panel title="User log" gridArea="logs">
        <LoadBoundary dense>
          <Suspense fallback={<Typography variant="body2" color="text.secondary">Waiting for the user log…</Typography>}>
            <UserLogFeed />
          </Suspense>
        </LoadBoundary>
      </Panel>
    </Box>
  );
}
