import { useId, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { TX_HISTORY_GROUPS, groupTxHistory } from '../domain/keys.ts';
import { shortenAddress } from '../domain/quote.ts';
import { statusColor } from '../domain/txStatus.ts';
import { useFormatTime } from '../widgets/shared/timeZone.ts';
import { formatForPopup } from './JsonDialog.tsx';

/** What one history entry says at a glance; every part is optional (the entry is whatever the server sent). */
export interface TxHistorySummary {
  status: string | null;
  createdAt: number | null;
  hash: string | null;
  errorCode: string | null;
}

const fieldOf = (value: unknown, name: string): unknown => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined);

/** The summary of one entry: status, createdAt, hash and an error code (errCode, errorCode or code), each when present. */
export function txHistorySummary(value: unknown): TxHistorySummary {
  const status = fieldOf(value, 'status');
  const createdAt = fieldOf(value, 'createdAt');
  const hash = fieldOf(value, 'hash');
  const code = ['errCode', 'errorCode', 'code'].map((name) => fieldOf(value, name)).find((v) => typeof v === 'number' || (typeof v === 'string' && v !== ''));
  return {
    status: typeof status === 'string' && status !== '' ? status : null,
    createdAt: typeof createdAt === 'number' && Number.isFinite(createdAt) ? createdAt : null,
    hash: typeof hash === 'string' && hash !== '' ? hash : null,
    errorCode: code === undefined ? null : String(code),
  };
}

/**
 * Order within a group: by createdAt, oldest first, so legs read in the order they happened (a
 * Swap before the Bridge that followed it); entries without a createdAt after those with one;
 * ties by key.
 */
export function compareTxHistoryEntries(a: { key: string; value: unknown }, b: { key: string; value: unknown }): number {
  const at = txHistorySummary(a.value).createdAt;
  const bt = txHistorySummary(b.value).createdAt;
  if (at !== bt) {
    if (at === null) return 1;
    if (bt === null) return -1;
    return at - bt;
  }
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

function HistoryRow({ entryKey, value }: { entryKey: string; value: unknown }) {
  const [open, setOpen] = useState(false);
  const summary = txHistorySummary(value);
  const rawId = useId();
  const formatTime = useFormatTime();
  return (
    <>
      <TableRow sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}>
        <TableCell padding="none">
          <IconButton size="small" aria-label={`Raw ${entryKey}`} aria-expanded={open} aria-controls={open ? rawId : undefined} onClick={() => setOpen((o) => !o)}>
            {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600, whiteSpace: 'nowrap' }} title={entryKey}>
          {entryKey}
        </TableCell>
        <TableCell>{summary.status && <Chip size="small" variant="outlined" color={statusColor(summary.status)} label={summary.status} sx={{ height: 20 }} />}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{summary.createdAt === null ? '' : formatTime(summary.createdAt)}</TableCell>
        <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }} title={summary.hash ?? undefined}>
          {summary.hash === null ? '' : shortenAddress(summary.hash)}
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{summary.errorCode === null ? '' : `error ${summary.errorCode}`}</TableCell>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={6} sx={{ pt: 0 }}>
            <pre id={rawId} style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {formatForPopup(value)}
            </pre>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/**
 * SPEC §2 transaction history popup, grouped into Buy, Sell and Other (keys of §3): one summary
 * row per entry (key, status, time, short hash, error code), oldest first; the raw JSON on expand.
 */
export function TxHistoryDialog({ open, title, history, onClose }: { open: boolean; title: string; history: Readonly<Record<string, unknown>>; onClose: () => void }) {
  const titleId = useId();
  const groups = useMemo(() => {
    const grouped = groupTxHistory(history);
    for (const group of TX_HISTORY_GROUPS) grouped[group].sort(compareTxHistoryEntries);
    return grouped;
  }, [history]);
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
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                none
              </Typography>
            ) : (
              <Table size="small" aria-label={`${group} history`} sx={{ mb: 1, tableLayout: 'fixed', '& td': { py: 0.25, px: 1, overflow: 'hidden', textOverflow: 'ellipsis' } }}>
                {/* One column grid for every group, so Buy, Sell and Other line up. */}
                <colgroup>
                  <col style={{ width: 36 }} />
                  <col />
                  <col style={{ width: 104 }} />
                  <col style={{ width: 176 }} />
                  <col style={{ width: 116 }} />
                  <col style={{ width: 96 }} />
                </colgroup>
                <TableBody>
                  {groups[group].map(({ key, value }) => (
                    <HistoryRow key={key} entryKey={key} value={value} />
                  ))}
                </TableBody>
              </Table>
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
