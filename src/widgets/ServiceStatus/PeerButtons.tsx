import { memo, useState } from 'react';
import Button from '@mui/material/Button';
import { useLive, type LiveState } from '../../realtime/index.ts';
import type { ConfirmDialogProps } from '../../ui/dialogs/ConfirmDialog.tsx';
import { retryableLazy } from '../../ui/retryableLazy.tsx';
import { OnceOpened } from '../../ui/OnceOpened.tsx';
import { useAction } from '../../ui/useAction.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { LazyTooltip } from '../../ui/LazyTooltip.tsx';

/** Its code loads when the operator first asks for a restart (not with home). */
const ConfirmDialog = retryableLazy<ConfirmDialogProps>('the confirmation', () =>
  import('./RestartPeerDialog.tsx').then((m) => ({ default: m.RestartPeerDialog })),
);

/** "kind:peer:count" entries; a string keeps the selection stable while nothing changes. */
function selectPeers(s: LiveState): string {
  if (!s.brainState) return '';
  const tx = Object.entries(s.brainState.txPeerStatus).map(([peer, n]) => `tx\u0000${peer}\u0000${n}`);
  const zmq = Object.entries(s.brainState.zmqPeerStatus).map(([peer, n]) => `zmq\u0000${peer}\u0000${n}`);
  return [...tx, ...zmq].join('\u0001');
}

/**
 * Peer counts of txPeerStatus / zmqPeerStatus; a peer with 0 is warning; click restarts it
 * (confirmed). Memoised: it follows the peers alone, not the service row it sits in.
 */
export const PeerButtons = memo(function PeerButtons() {
  const peers = useLive(selectPeers);
  const api = useConsoleDataProvider();
  const { pending, run } = useAction();
  const [restarting, setRestarting] = useState<string | null>(null);
  if (!peers) return null;
  return (
    <>
      {peers.split('\u0001').map((entry) => {
        const [kind = '', peer = '', count = '0'] = entry.split('\u0000');
        const down = !(Number(count) > 0);
        return (
          <LazyTooltip describeChild key={`${kind}:${peer}`} title={`${kind} peer ${peer}: ${count} connected. Click to restart.`}>
            <Button
              size="small"
              variant={down ? 'contained' : 'text'}
              color={down ? 'warning' : 'inherit'}
              // Starts with the visible text, so the button is found by what it shows.
              aria-label={`${peer}:${count}, restart ${kind} peer ${peer} (${count} connected)`}
              onClick={() => setRestarting(peer)}
              sx={{ textTransform: 'none', minWidth: 0 }}
            >
              {peer}:{count}
            </Button>
          </LazyTooltip>
        );
      })}
      <OnceOpened open={restarting !== null}>
        <ConfirmDialog
          open={restarting !== null}
          title={`Restart peer ${restarting ?? ''}?`}
          message={`The transaction peer ${restarting ?? ''} restarts; its connections drop meanwhile.`}
          busy={pending}
          onNo={() => setRestarting(null)}
          onYes={() => {
            const peer = restarting;
            setRestarting(null);
            if (peer) void run(`Restart peer ${peer}`, () => api.restartPeer(peer), { success: `${peer}: restart requested` });
          }}
        />
      </OnceOpened>
    </>
  );
});
