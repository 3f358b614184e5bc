import { useState, type ComponentProps } from 'react';
import type { RestartServiceDialog as RestartDialogType } from './RestartServiceDialog.tsx';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SERVICES, type Service } from '../../config/enums.ts';
import { serviceHealth, type HealthColour } from '../../domain/health.ts';
import { useLive } from '../../realtime/index.ts';
import type { LiveState } from '../../realtime/liveState.ts';
import { PeerButtons } from './PeerButtons.tsx';
import { LazyTooltip } from '../../ui/LazyTooltip.tsx';
import { retryableLazy } from '../../ui/retryableLazy.tsx';
import { OnceOpened } from '../../ui/OnceOpened.tsx';

/** Its code loads when the operator first opens it (not with home). */
const RestartServiceDialog = retryableLazy<ComponentProps<typeof RestartDialogType>>('the restart dialog', () =>
  import('./RestartServiceDialog.tsx').then((m) => ({ default: m.RestartServiceDialog })),
);

const MUI_COLOUR: Record<HealthColour, 'success' | 'error' | 'warning'> = {
  success: 'success',
  danger: 'error',
  warning: 'warning',
};

function selectHealth(s: LiveState): HealthColour | null {
  if (!s.brainState || !s.connectedServices) return null;
  return serviceHealth({
    peerCounts: [...Object.values(s.brainState.txPeerStatus), ...Object.values(s.brainState.zmqPeerStatus)],
    numConnected: s.connectedServices.numConnected,
    numExpected: s.connectedServices.numExpected,
  });
}

const selectConnected = (s: LiveState) =>
  s.connectedServices ? `${s.connectedServices.numConnected}/${s.connectedServices.numExpected}` : '–';

/** §2/§4: one button per service, coloured by the health rule; each opens its restart dialog. */
export function ServiceStatus() {
  const health = useLive(selectHealth);
  const connected = useLive(selectConnected);
  const [restarting, setRestarting] = useState<Service | null>(null);
  const colour = health ? MUI_COLOUR[health] : 'inherit';
  const healthText = health === null ? 'unknown' : health === 'success' ? 'healthy' : health === 'danger' ? 'services missing' : 'a peer is down';
  return (
    <Box component="section" aria-label="Service status" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      <LazyTooltip describeChild title={`Connected services ${connected}: ${healthText}`}>
        <Button size="small" variant="contained" color={colour} aria-label={`Connected services ${connected}, ${healthText}`} data-health={health ?? 'unknown'}>
          {connected}
        </Button>
      </LazyTooltip>
      {SERVICES.map((service) => (
        <LazyTooltip describeChild key={service} title={`${service}: ${healthText}. Click to restart${service === 'worker' ? '' : ' or send a command'}.`}>
          <Button
            size="small"
            variant="outlined"
            color={colour}
            aria-label={`Restart ${service} service (${healthText})`}
            data-health={health ?? 'unknown'}
            onClick={() => setRestarting(service)}
            sx={{ textTransform: 'none' }}
          >
            {service}
          </Button>
        </LazyTooltip>
      ))}
      <PeerButtons />
      <OnceOpened open={restarting !== null}>
        <RestartServiceDialog service={restarting} onClose={() => setRestarting(null)} />
      </OnceOpened>
    </Box>
  );
}
