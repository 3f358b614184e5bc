import { useId, useMemo } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { TX_HISTORY_GROUPS, groupTxHistory } from '../domain/keys.ts';
import { formatForPopup } from './JsonDialog.tsx';

/** SPEC §2 transaction history popup, grouped into Buy, Sell and Other (keys of §3). */
export function TxHistoryDialog({ open, title, history, onClose }: { open: boolean; title: string; history: Readonly<Record<string, unknown>>; onClose: () => void }) {
  const titleId = useId();
  const groups = useMemo(() => groupTxHistory(history), [history]);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {TX_HISTORY_GROUPS.map((group) => (
          <section key={group} aria-label={group}>
            <Typography variant="overline" component="h3">
              {group} ({groups[group].length})
            </Typography>
            {groups[group].length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                none
              </Typography>
            ) : (
              groups[group].map(({ key, value }) => (
                <div key={key}>
                  <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                    {key}
                  </Typography>
                  <pre style={{ margin: '0 0 8px', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{formatForPopup(value)}</pre>
                </div>
              ))
            )}
          </section>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
