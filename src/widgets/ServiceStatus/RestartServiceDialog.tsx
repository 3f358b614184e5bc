import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { scalingTarget, WORKER_COMMAND_TEXT, WORKER_COMMANDS, type Service, type WorkerCommand } from '../../config/enums.ts';
import { COMMAND_MAX_CHARS } from '../../contract/index.ts';
import { InputDialog } from '../../ui/dialogs/InputDialog.tsx';
import { SelectDialog } from '../../ui/dialogs/SelectDialog.tsx';
import { errorText } from '../../ui/errors.ts';
import { useAction } from '../../ui/useAction.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';

type Kind = 'restart' | 'scaling';

/**
 * §2 restart dialog: a plain restart or a scaling restart (§7 deployment/namespace rules). The
 * dialog is the one confirmation: it says what each choice does, and pressing Restart or Scaling
 * restart sends it (a second Yes/No stacked on top would ask the same twice). A
 * refused restart keeps the dialog open, so the operator presses again from there.
 *
 * "Send command…" sends the service a command (§7 POST /command {to, cmd}) from a dialog in
 * this one's place: the worker takes one of its fixed commands, chosen in the single select dialog
 * (§2/§5: the empty choice first, what the chosen command does under it); any other service a
 * command in the operator's own words, typed in the single text input dialog. A refused command
 * keeps the dialog and the choice or text, with the server's reason under the field.
 */
export function RestartServiceDialog({ service, onClose }: { service: Service | null; onClose: () => void }) {
  const api = useConsoleDataProvider();
  const notify = useNotify();
  const { pending, run } = useAction();
  const [commanding, setCommanding] = useState(false);
  if (service === null) return null;
  const send = async (cmd: string) => {
    try {
      await api.sendCommand(service, cmd);
    } catch (error) {
      throw new Error(`Send command failed: ${errorText(error)}`, { cause: error });
    }
    notify(`Command sent to ${service}`, { type: 'success' });
  };
  const closeAll = () => {
    setCommanding(false);
    onClose();
  };
  if (commanding && service === 'worker') {
    return (
      <SelectDialog
        open
        title="Send a command to worker"
        label="Command"
        options={WORKER_COMMANDS.map((cmd) => ({ value: cmd, label: WORKER_COMMAND_TEXT[cmd].label }))}
        initialValue=""
        describe={(cmd) => {
          // What the chosen command does, then what it changes for good (if anything).
          const text = WORKER_COMMAND_TEXT[cmd as WorkerCommand] as (typeof WORKER_COMMAND_TEXT)[WorkerCommand] | undefined;
          return text && [text.description, text.confirm].filter(Boolean).join(' ');
        }}
        onSave={send}
        onClose={closeAll}
      />
    );
  }
  if (commanding) {
    return (
      <InputDialog
        open
        title={`Send a command to ${service}`}
        label="Command"
        initialValue=""
        validate={commandProblem}
        onSave={(cmd) => send(cmd.trim())}
        onClose={closeAll}
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
        <Button disabled={pending} onClick={() => setCommanding(true)} sx={{ mr: 'auto' }}>
          Send command…
        </Button>
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

/** The caller's rule for the text input dialog (§5): a command is some text, and not too long. */
function commandProblem(cmd: string): string | null {
  if (cmd !== '' && cmd.trim() === '') return 'A command is more than spaces';
  if (cmd.trim().length > COMMAND_MAX_CHARS) return `A command has at most ${COMMAND_MAX_CHARS} characters`;
  return null;
}
