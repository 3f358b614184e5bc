import { memo, useState, type ComponentProps } from 'react';
import type { RestartServiceDialog as RestartDialogType } from './RestartServiceDialog.tsx';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SERVICES, type Service } from '../../config/enums.ts';
import { serviceHealth, type HealthColour } from '../../domain/health.ts';
import { serviceProblemText, servicesSummary, serviceViews, type ServiceState } from '../../domain/services.ts';
import { useLive, type LiveState } from '../../realtime/index.ts';
import { PeerButtons } from './PeerButtons.tsx';
import { LazyTooltip } from '../../ui/LazyTooltip.tsx';
import { retryableLazy } from '../../ui/retryableLazy.tsx';
import { OnceOpened } from '../../ui/OnceOpened.tsx';
import { useNow } from '../../ui/useNow.ts';

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
const selectServices = (s: LiveState) => s.connectedServices;

interface ServiceButtonProps {
  service: Service;
  /** What is wrong with it in words (down or silent, since when), or null. */
  problem: string | null;
  /** What the backend says of it (the named-services extension); undefined without it. */
  state: ServiceState | undefined;
  health: HealthColour | null;
  healthText: string;
  onRestart: (service: Service) => void;
}

/**
 * One service's button. Memoised on plain props: the services payload changes with every heartbeat
 * (many times a second on a busy backend), while what a button says changes with its state; a
 * re-render of the row is then its summary alone (bench/README.md "firehose").
 */
const ServiceButton = memo(function ServiceButton({ service, problem, state, health, healthText, onRestart }: ServiceButtonProps) {
  return (
    <LazyTooltip describeChild title={`${problem ?? service}: ${healthText}. Click to restart${service === 'worker' ? '' : ' or send a command'}.`}>
      <Button
        size="small"
        variant={problem ? 'contained' : 'outlined'}
        color={health ? MUI_COLOUR[health] : 'inherit'}
        aria-label={`Restart ${service} service (${problem ? `${problem}; ` : ''}${healthText})`}
        data-health={health ?? 'unknown'}
        data-state={state ?? 'unknown'}
        onClick={() => onRestart(service)}
        // A health that changes shows at once: MUI's colour transition restyled every button of the
        // row on the main thread for 250 ms each time, and a flapping peer changes it every second.
        sx={{ textTransform: 'none', transition: 'none' }}
      >
        {state && state !== 'up' ? `${service} · ${state}` : service}
      </Button>
    </LazyTooltip>
  );
});

/** How often the named services' "for 2 min" and silence are worked out again. */
const SERVICE_CLOCK_MS = 5000;

/**
 * §2/§4: one button per service, coloured by the health rule; each opens its restart dialog. The
 * summary names the service that is missing and since when ("7/8 · eventer down for 2 min") when the
 * backend names its services.
 */
export function ServiceStatus() {
  const health = useLive(selectHealth);
  const connected = useLive(selectConnected);
  const services = useLive(selectServices);
  const now = useNow(SERVICE_CLOCK_MS);
  // With the named-services extension, which service is down or silent and since when; without it,
  // the counts alone (docs/protocol.md "Shapes").
  const byName = new Map(serviceViews(services, now).map((view) => [view.name, view]));
  // Peers with no instance are named by their own buttons (PeerButtons), so not again here.
  const summary = servicesSummary(services, null, now);
  const [restarting, setRestarting] = useState<Service | null>(null);
  const colour = health ? MUI_COLOUR[health] : 'inherit';
  const healthText = health === null ? 'unknown' : health === 'success' ? 'healthy' : health === 'danger' ? 'services missing' : 'a peer is down';
  return (
    <Box component="section" aria-label="Service status" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      <LazyTooltip describeChild title={`Connected services ${summary}: ${healthText}`}>
        <Button
          size="small"
          variant="contained"
          color={colour}
          aria-label={`Connected services ${summary}, ${healthText}`}
          data-health={health ?? 'unknown'}
          sx={{ maxWidth: '100%', minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', display: 'block' }}
        >
          {summary === '–' ? connected : summary}
        </Button>
      </LazyTooltip>
      {SERVICES.map((service) => {
        const view = byName.get(service);
        // §4 colours every service by the one health; a service the backend names as down or
        // silent also says so in words, and stands out filled.
        const problem = view && view.state !== 'up' ? serviceProblemText(view, now) : null;
        return (
          <ServiceButton
            key={service}
            service={service}
            problem={problem}
            state={view?.state}
            health={health}
            healthText={healthText}
            onRestart={setRestarting}
          />
        );
      })}
      <PeerButtons />
      <OnceOpened open={restarting !== null}>
        <RestartServiceDialog service={restarting} onClose={() => setRestarting(null)} />
      </OnceOpened>
    </Box>
  );
}
