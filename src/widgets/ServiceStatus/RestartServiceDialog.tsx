import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { scalingTarget, type Service } from '../../config/enums.ts';
import { COMMAND_MAX_CHARS } from '../../contract/index.ts';
import { InputDialog } from '../../dialogs/InputDialog.tsx';
import { errorText } from '../../kit/shared/errors.ts';
import { useAction } from '../shared/useAction.ts';
import { useConsoleApi } from '../shared/useConsoleApi.ts';

type Kind = 'restart' | 'scaling';

/**
 * SPEC §2 restart dialog: a plain restart or a scaling restart (§7 deployment/namespace rules). The
 * dialog is the one confirmation: it says what each choice does, and pressing Restart or Scaling
 * restart sends it (issue 25 finding 6: a second Yes/No stacked on top asked the same twice). A
 * refused restart keeps the dialog open, so the operator presses again from there.
 *
 * A service other than the worker also takes a command in the operator's own words (SPEC §7 POST
 * /command {to, cmd}; the worker's commands are the fixed ones of Worker actions): "Send command…"
 * puts the single text input dialog (SPEC §2/§5) in this dialog's place. A refused command keeps
 * the dialog and what was typed, with the server's reason under the field.
 */
export function RestartServiceDialog({ service, onClose }: { service: Service | null; onClose: () => void }) {
  const api = useConsoleApi();
  const notify = useNotify();
  const { pending, run } = useAction();
  const [commanding, setCommanding] = useState(false);
  if (service === null) return null;
  if (commanding) {
    return (
      <InputDialog
        open
        title={`Send a command to ${service}`}
        label="Command"
        initialValue=""
        validate={commandProblem}
        onSave={async (cmd) => {
          try {
            await api.sendCommand(service, cmd.trim());
          } catch (error) {
            throw new Error(`Send command failed: ${errorText(error)}`, { cause: error });
          }
          notify(`Command sent to ${service}`, { type: 'success' });
        }}
        onClose={() => {
          setCommanding(false);
          onClose();
        }}
      />
    );
  }
  const target = scalingTarget(service);
  const restart = async (kind: Kind) => {
    const ok = await run(
      kind === 'restart' ? `Restart ${service}` : `Scaling restart of ${service}`,
      () => (kind === 'restart' ? api.restartService(service) : api.restartServiceScaling(service)),
      { success: `${service}: restart requested` },
    );
    if (ok) onClose();
  };
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby="restart-service-title">
      <DialogTitle id="restart-service-title">Restart {service}</DialogTitle>
      <DialogContent>
        <DialogContentText>The {service} service restarts.</DialogContentText>
        <DialogContentText>
          Deployment {target.deploymentName} in namespace {target.namespace} is rolled (scaling restart).
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {service !== 'worker' && (
          <Button disabled={pending} onClick={() => setCommanding(true)} sx={{ mr: 'auto' }}>
            Send command…
          </Button>
        )}
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button color="warning" disabled={pending} onClick={() => void restart('scaling')}>
          Scaling restart
        </Button>
        <Button color="warning" variant="contained" disabled={pending} onClick={() => void restart('restart')}>
          Restart
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The caller's rule for the text input dialog (SPEC §5): a command is some text, and not too long. */
function commandProblem(cmd: string): string | null {
  if (cmd !== '' && cmd.trim() === '') return 'A command is more than spaces';
  if (cmd.trim().length > COMMAND_MAX_CHARS) return `A command has at most ${COMMAND_MAX_CHARS} characters`;
  return null;
}
