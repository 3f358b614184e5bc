import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useLive } from '../../realtime/index.ts';
import { useAction } from '../../ui/useAction.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { LazyTooltip } from '../../ui/LazyTooltip.tsx';
import { retryableLazy } from '../../ui/retryableLazy.tsx';
import { OnceOpened } from '../../ui/OnceOpened.tsx';

/** Its code loads when the operator first opens it (not with home). */
const WorkerActionsDialog = retryableLazy<{ open: boolean; onClose: () => void }>('the worker actions', () =>
  import('./WorkerActionsDialog.tsx').then((m) => ({ default: m.WorkerActionsDialog })),
);

/**
 * §2/§4 worker controls: Start or Stop (disabled during route search), a working/stopped
 * badge, the Sell Only toggle and the Worker actions dialog.
 */
export function WorkerControls() {
  const running = useLive((s) => s.brainState?.workersRunning ?? null);
  const startedBy = useLive((s) => s.brainState?.workersStartedBy ?? '');
  const searching = useLive((s) => s.brainState?.routeSearchRunning ?? false);
  const progress = useLive((s) => s.brainState?.routeSearchProgress ?? 0);
  const sellOnly = useLive((s) => s.miscSettings.sellOnly);
  const api = useConsoleDataProvider();
  const { pending, run } = useAction();
  const [actionsOpen, setActionsOpen] = useState(false);

  const known = running !== null;
  const toggleSellOnly = () => {
    // §5: the toggle does nothing while miscSettings.sellOnly is undefined.
    if (sellOnly === undefined) return;
    void run('Sell only', () => api.setSellOnly(!sellOnly));
  };
  /** On a phone, Stop, Start, Sell Only and Worker actions are touch targets of at least 44 px. */
  const touch = { minHeight: { xs: 44, sm: 0 } } as const;
  const searchHint = searching ? `Route search running (${Math.round(progress)}%): wait for it to finish` : '';

  return (
    <Box component="section" aria-label="Worker controls" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {/* §2 the badge reads working or stopped; until the first brain state it reads stopped and Start waits. */}
      <Chip
        size="small"
        label={running ? 'working' : 'stopped'}
        color={running ? 'success' : 'default'}
        variant={running ? 'filled' : 'outlined'}
        aria-label={`Workers ${running ? 'working' : 'stopped'}`}
        title={startedBy ? `started by ${startedBy}` : !known ? 'waiting for the worker state' : undefined}
      />
      <LazyTooltip describeChild title={searchHint || (running ? 'Stop all workers' : known ? 'Start workers' : 'Waiting for the worker state')}>
        <span>
          {running ? (
            <Button
              size="small"
              variant="contained"
              color="error"
              sx={touch}
              disabled={searching || pending}
              onClick={() => void run('Stop workers', () => api.stopWorkers())}
            >
              Stop
            </Button>
          ) : (
            <Button
              size="small"
              variant="contained"
              color="success"
              sx={touch}
              disabled={!known || searching || pending}
              onClick={() => void run('Start workers', () => api.startWorkers())}
            >
              Start
            </Button>
          )}
        </span>
      </LazyTooltip>
      {searching && (
        // One line at a width that holds "route search 100%" (tabular digits: every percentage is as
        // wide), so the row neither wraps nor shifts while the percentage counts up.
        <Box sx={{ width: 124, flex: 'none' }} aria-label={`Route search ${Math.round(progress)}%`} role="group">
          <LinearProgress variant="determinate" value={Math.min(100, Math.max(0, progress))} aria-label="Route search" />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            route search {Math.round(progress)}%
          </Typography>
        </Box>
      )}
      <LazyTooltip describeChild title={sellOnly === undefined ? 'Sell only setting not loaded yet' : 'Only sell; open no new positions'}>
        <FormControlLabel
          sx={{ mx: 0, ...touch, pr: { xs: 1, sm: 0 } }}
          control={
            <Switch size="small" checked={sellOnly === true} onChange={toggleSellOnly} disabled={sellOnly === undefined || pending} />
          }
          label="Sell Only"
        />
      </LazyTooltip>
      <Button size="small" variant="outlined" sx={touch} onClick={() => setActionsOpen(true)}>
        Worker actions
      </Button>
      <OnceOpened open={actionsOpen}>
        <WorkerActionsDialog open={actionsOpen} onClose={() => setActionsOpen(false)} />
      </OnceOpened>
    </Box>
  );
}
