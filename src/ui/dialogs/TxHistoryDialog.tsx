import { useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
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
import { TX_HISTORY_GROUPS, groupTxHistory } from '../../domain/keys.ts';
import { statusColor } from '../../domain/txStatus.ts';
import { useFormatTime } from '../timeZone.ts';
import { CutText } from '../CutText.tsx';
import { TxHashLink } from '../TxHashLink.tsx';
import { errorWords, historyDetails, stepWords, type HistoryEntryContext } from './txHistoryDetails.ts';

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

/** An error code in words (its §8 message and the code), cut where long. */
function ErrorCell({ code }: { code: string }) {
  return <CutText text={/^\d+$/.test(code) ? errorWords(Number(code)) : errorWords(code)} maxWidth={ERROR_MAX_WIDTH} />;
}

/** The widest an error message grows in a summary row; whole on hover, focus and in the details. */
const ERROR_MAX_WIDTH = 220;

function Details({ id, value, network, context }: { id: string; value: unknown; network: string; context: HistoryEntryContext }) {
  const formatTime = useFormatTime();
  const notSent = txHistorySummary(value).status === 'skip';
  return (
    <Box component="dl" id={id} sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0, py: 0.5 }}>
      {historyDetails(value, formatTime, context).filter((d) => !(notSent && d.kind === 'hash')).map((d, i) => (
        <Box key={`${d.label}-${i}`} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {d.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {d.kind === 'hash' ? (
              <TxHashLink network={network} hash={d.text} full />
            ) : d.kind === 'status' ? (
              <Chip size="small" variant="outlined" color={statusColor(d.text)} label={d.text} sx={{ height: 20 }} />
            ) : (
              d.text
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function HistoryRow({ entryKey, value, network, tokenName }: { entryKey: string; value: unknown; network: string; tokenName?: string }) {
  const [open, setOpen] = useState(false);
  const summary = txHistorySummary(value);
  const words = stepWords(entryKey);
  // A leg skipped after a failure was never sent: a hash on it (a backend's placeholder) is not shown.
  const notSent = summary.status === 'skip';
  const detailsId = useId();
  const formatTime = useFormatTime();
  const entryNetwork = fieldOf(value, 'network');
  const hashNetwork = typeof entryNetwork === 'string' ? entryNetwork : network;
  return (
    <>
      <TableRow sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}>
        <TableCell padding="none">
          <IconButton size="small" aria-label={`Details of ${words}`} aria-expanded={open} aria-controls={open ? detailsId : undefined} onClick={() => setOpen((o) => !o)}>
            {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
          </IconButton>
        </TableCell>
        {/* In words ("Buy, attempt 1, Swap, via 1inch"); the key as the backend wrote it on hover. */}
        <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} title={entryKey}>
          {words}
        </TableCell>
        <TableCell>{summary.status && <Chip size="small" variant="outlined" color={statusColor(summary.status)} label={summary.status} sx={{ height: 20 }} />}</TableCell>
        {/* The whole time with its zone, never cut. */}
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{summary.createdAt === null ? '' : formatTime(summary.createdAt)}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{summary.hash === null || notSent ? '' : <TxHashLink network={hashNetwork} hash={summary.hash} />}</TableCell>
        <TableCell>{summary.errorCode === null ? '' : <ErrorCell code={summary.errorCode} />}</TableCell>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={6} sx={{ pt: 0, pl: 5 }}>
            <Details id={detailsId} value={value} network={hashNetwork} context={{ key: entryKey, tokenName, network: hashNetwork }} />
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/**
 * §2 transaction history popup, grouped into Buy, Sell and Other (keys of §3): one summary
 * row per entry (key, status, the whole time in the chosen zone, the hash on the explorer, the error
 * in words), oldest first; its fields as labelled values on expand, never raw JSON.
 */
export function TxHistoryDialog({ open, title, history, network = '', tokenName, onClose }: {
  open: boolean;
  title: string;
  history: Readonly<Record<string, unknown>>;
  /** The transaction's network: its entries' hashes link to its explorer unless an entry names its own. */
  network?: string;
  /** The transaction's token: the unit of its entries' token amounts. */
  tokenName?: string;
  onClose: () => void;
}) {
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
              <Table size="small" aria-label={`${group} history`} sx={{ mb: 1, '& td': { py: 0.25, px: 1 } }}>
                <TableBody>
                  {groups[group].map(({ key, value }) => (
                    <HistoryRow key={key} entryKey={key} value={value} network={network} tokenName={tokenName} />
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
