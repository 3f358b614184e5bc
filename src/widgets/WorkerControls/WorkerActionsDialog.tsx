import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { WORKER_COMMAND_TEXT as COMMAND_TEXT, WORKER_COMMANDS } from '../../config/enums.ts';
import { WORKER_DIALOG_CLOSE_MS } from '../../config/constants.ts';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { useAction } from '../../ui/useAction.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';

type Pending = { label: string; message: string; action: () => Promise<unknown> } | null;

/** §2 Worker actions dialog; closes 250 ms after an action (§9). */
export function WorkerActionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const api = useConsoleDataProvider();
  const { pending, run } = useAction();
  const [confirm, setConfirm] = useState<Pending>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
  }, []);

  // §2/§9 the dialog closes 250 ms after an action is fired (its outcome arrives as a toast).
  const perform = (label: string, action: () => Promise<unknown>) => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(onClose, WORKER_DIALOG_CLOSE_MS);
    void run(label, action, { success: `${label}: done` });
  };
  const ask = (label: string, message: string | undefined, action: () => Promise<unknown>) => {
    if (message) setConfirm({ label, message, action });
    else perform(label, action);
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} aria-labelledby="worker-actions-title">
        <DialogTitle id="worker-actions-title">Worker actions</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ minWidth: 280 }}>
            <Typography variant="overline">Commands</Typography>
            {/* Each command with a line saying what it does (its accessible description too). */}
            {WORKER_COMMANDS.map((cmd) => (
              <Stack key={cmd} spacing={0.25}>
                <Button
                  variant="outlined"
                  disabled={pending}
                  aria-describedby={`worker-command-${cmd}`}
                  onClick={() => ask(COMMAND_TEXT[cmd].label, COMMAND_TEXT[cmd].confirm, () => api.sendCommand('worker', cmd))}
                >
                  {COMMAND_TEXT[cmd].label}
                </Button>
                <Typography id={`worker-command-${cmd}`} variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
                  {COMMAND_TEXT[cmd].description}
                </Typography>
              </Stack>
            ))}
            <Typography variant="overline">Restarts</Typography>
            <Button
              variant="outlined"
              color="warning"
              disabled={pending}
              onClick={() => ask('Restart worker', 'The worker service restarts; trading pauses until it is back.', () => api.restartService('worker'))}
            >
              Restart worker
            </Button>
            <Button
              variant="outlined"
              color="warning"
              disabled={pending}
              onClick={() =>
                ask(
                  'Scaling restart of worker',
                  'The worker deployment (namespace worker) is rolled; trading pauses until it is back.',
                  () => api.restartServiceScaling('worker'),
                )
              }
            >
              Scaling restart of worker
            </Button>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirm !== null}
        title={`${confirm?.label ?? ''}?`}
        message={confirm?.message ?? ''}
        busy={pending}
        onNo={() => setConfirm(null)}
        onYes={() => {
          const chosen = confirm;
          setConfirm(null);
          if (chosen) perform(chosen.label, chosen.action);
        }}
      />
    </>
  );
}
