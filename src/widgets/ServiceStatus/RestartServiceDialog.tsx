import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { scalingTarget, type Service } from '../../config/enums.ts';
import { useAction } from '../shared/useAction.ts';
import { useConsoleApi } from '../shared/useConsoleApi.ts';

type Kind = 'restart' | 'scaling';

/**
 * SPEC §2 restart dialog: a plain restart or a scaling restart (§7 deployment/namespace rules). The
 * dialog is the one confirmation: it says what each choice does, and pressing Restart or Scaling
 * restart sends it (issue 25 finding 6: a second Yes/No stacked on top asked the same twice). A
 * refused restart keeps the dialog open, so the operator presses again from there.
 */
export function RestartServiceDialog({ service, onClose }: { service: Service | null; onClose: () => void }) {
  const api = useConsoleApi();
  const { pending, run } = useAction();
  if (service === null) return null;
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
