import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { scalingTarget, type Service } from '../../config/enums.ts';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog.tsx';
import { useAction } from '../shared/useAction.ts';
import { useConsoleApi } from '../shared/useConsoleApi.ts';

type Kind = 'restart' | 'scaling';

/** SPEC §2 restart dialog: a plain restart or a scaling restart (§7 deployment/namespace rules), confirmed. */
export function RestartServiceDialog({ service, onClose }: { service: Service | null; onClose: () => void }) {
  const api = useConsoleApi();
  const { pending, run } = useAction();
  const [kind, setKind] = useState<Kind | null>(null);
  if (service === null) return null;
  const target = scalingTarget(service);
  const describe = (k: Kind) =>
    k === 'restart'
      ? `The ${service} service restarts.`
      : `Deployment ${target.deploymentName} in namespace ${target.namespace} is rolled (scaling restart).`;
  const confirm = async () => {
    const chosen = kind;
    setKind(null);
    if (!chosen) return;
    const ok = await run(
      chosen === 'restart' ? `Restart ${service}` : `Scaling restart of ${service}`,
      () => (chosen === 'restart' ? api.restartService(service) : api.restartServiceScaling(service)),
      { success: `${service}: restart requested` },
    );
    if (ok) onClose();
  };
  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby="restart-service-title">
        <DialogTitle id="restart-service-title">Restart {service}</DialogTitle>
        <DialogContent>
          <DialogContentText>{describe('restart')}</DialogContentText>
          <DialogContentText>{describe('scaling')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button color="warning" disabled={pending} onClick={() => setKind('scaling')}>
            Scaling restart
          </Button>
          <Button color="warning" variant="contained" disabled={pending} onClick={() => setKind('restart')}>
            Restart
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={kind !== null}
        title={kind === 'scaling' ? `Scaling restart of ${service}?` : `Restart ${service}?`}
        message={kind ? describe(kind) : ''}
        busy={pending}
        onNo={() => setKind(null)}
        onYes={() => void confirm()}
      />
    </>
  );
}
