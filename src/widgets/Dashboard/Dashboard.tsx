import Box from '@mui/material/Box';
import { BlockHeads } from '../BlockHeads/BlockHeads.tsx';
import { ConnectedUsers } from '../ConnectedUsers/ConnectedUsers.tsx';
import { NetworkStats } from '../NetworkStats/NetworkStats.tsx';
import { ServiceStatus } from '../ServiceStatus/ServiceStatus.tsx';
import { Statistics } from '../Statistics/Statistics.tsx';
import { StuckTrades } from '../StuckTrades/StuckTrades.tsx';
import { UserLogFeed } from '../UserLogFeed/UserLogFeed.tsx';
import { WorkerControls } from '../WorkerControls/WorkerControls.tsx';
import { Panel } from './Panel.tsx';

/** The home screen operators watch all day: controls on top, live data below. */
// On a phone, room under the last panel (pb) for the floating windows' list fixed at the bottom-left
// (SPEC §2, about 40 px tall), so the page scrolls the last controls clear of it (issue 25).
export function Dashboard() {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        pb: { xs: 7, sm: 0 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
        gridTemplateAreas: {
          xs: '"workers" "services" "blocks" "stuck" "networks" "people" "logs"',
          lg: '"workers workers" "services services" "blocks blocks" "networks stuck" "networks people" "networks logs"',
        },
      }}
    >
      <Panel title="Workers" gridArea="workers">
        <WorkerControls />
      </Panel>
      <Panel title="Services" gridArea="services">
        <ServiceStatus />
      </Panel>
      <Panel title="Block heads" gridArea="blocks">
        <BlockHeads />
      </Panel>
      <StuckTrades gridArea="stuck" />
      <Panel title="Gas and balances" gridArea="networks">
        <NetworkStats />
      </Panel>
      <Panel title="Connected" gridArea="people">
        <ConnectedUsers />
        <Box sx={{ mt: 1 }}>
          <Statistics />
        </Box>
      </Panel>
      <Panel title="User log" gridArea="logs">
        <UserLogFeed />
      </Panel>
    </Box>
  );
}
