/**
 * The transaction page (GET /txs/{id}), opened from a row of /tx or /tx/latest as /tx?id=...: why
 * it failed (its §8 error code with the toast's message for it), the record's fields (its hash a link
 * to the network's explorer), its history
 * popup grouped into Buy, Sell and Other (§2, §3 keys), the raw record as a JSON popup, and
 * the other transactions of the same trade one click away.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import type { TxRecord } from '../../contract/index.ts';
import { formatTime, type TimeZoneMode } from '../../domain/time.ts';
import { JsonDialog } from '../../ui/dialogs/JsonDialog.tsx';
import { TxHistoryDialog } from '../../ui/dialogs/TxHistoryDialog.tsx';
import { tradeErrorMessage } from '../../config/errorCodes.ts';
import { useTimeZoneMode } from '../../ui/timeZone.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { errorText } from '../../ui/errors.ts';
import { TxHashLink } from '../../ui/TxHashLink.tsx';
import { historyOf } from './txFilter.ts';
import { statusColor } from '../../domain/txStatus.ts';
import { NO_REASON, cellText } from './txFormat.ts';
import { TITLE_ROW_CLEAR_OF_TOASTS } from '../../config/layers.ts';

export interface TxDetailProps {
  id: string;
  onBack: () => void;
  /** Lists the transactions of this trade (the /tx filter by tradeId). */
  onShowTrade?: (tradeId: string) => void;
}

const FIELDS: { key: keyof TxRecord; label: string; mono?: boolean }[] = [
  { key: 'tokenName', label: 'Token' },
  { key: 'side', label: 'Side' },
  { key: 'txType', label: 'Type' },
  { key: 'method', label: 'Method' },
  { key: 'attempt', label: 'Attempt' },
  { key: 'network', label: 'Network' },
  { key: 'networkBuy', label: 'Buy network' },
  { key: 'networkSell', label: 'Sell network' },
  { key: 'bridgeName', label: 'Bridge' },
  { key: 'amountIn', label: 'Amount in', mono: true },
  { key: 'amountOut', label: 'Amount out', mono: true },
  { key: 'expectedProfit', label: 'Expected profit', mono: true },
  { key: 'hash', label: 'Hash', mono: true },
  { key: 'tradeId', label: 'Trade', mono: true },
  { key: 'historyKey', label: 'History key', mono: true },
  { key: 'createdAt', label: 'Created' },
  { key: 'updatedAt', label: 'Updated' },
];

function fieldText(tx: TxRecord, key: keyof TxRecord, zone: TimeZoneMode): string {
  const value = tx[key];
  if ((key === 'createdAt' || key === 'updatedAt') && typeof value === 'number') return formatTime(value, zone);
  if (value === null || value === undefined || value === '') return '–';
  // Amounts with their unit and the profit in dollars, as the list's cells read them.
  if ((key === 'amountIn' || key === 'amountOut' || key === 'expectedProfit') && typeof value === 'number') return cellText(tx, key, zone);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function TxDetail({ id, onBack, onShowTrade }: TxDetailProps) {
  const api = useConsoleDataProvider();
  const zone = useTimeZoneMode();
  const [popup, setPopup] = useState<'history' | 'raw' | null>(null);
  const { data: tx, error, isPending } = useQuery({
    queryKey: ['txs', 'one', id],
    queryFn: () => api.getTx(id),
    // A refusal or an unknown id (4xx) will not change on retry; a network failure may.
    retry: (count, e) => count < 2 && !(typeof e === 'object' && e !== null && 'status' in e && typeof e.status === 'number' && e.status < 500),
  });
  const history = tx ? (historyOf(tx) ?? {}) : {};
  const historyCount = Object.keys(history).length;

  return (
    // Actions stay on the left: the top-right corner is where toasts stack (§2), and the title
    // row's controls wrap before they reach it.
    <Stack component="article" spacing={1.5} aria-label={`Transaction ${id}`}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', ...TITLE_ROW_CLEAR_OF_TOASTS }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
          Transactions
        </Button>
        {/* The page's title (axe page-has-heading-one): an h1 with the h6 look. */}
        <Typography variant="h6" component="h1" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          Transaction {id}
        </Typography>
        {tx && <Chip size="small" label={tx.status} color={statusColor(tx.status)} variant="outlined" />}
      </Stack>
      {/* A row of their own keeps the actions at the left whatever the id's length. */}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={!tx} onClick={() => setPopup('history')}>
          History ({historyCount})
        </Button>
        <Button variant="outlined" disabled={!tx} onClick={() => setPopup('raw')}>
          Raw record
        </Button>
        {tx?.tradeId && onShowTrade && (
          <Button onClick={() => onShowTrade(tx.tradeId ?? '')}>All txs of this trade</Button>
        )}
      </Stack>
      {isPending && <LinearProgress aria-label="Loading transaction" />}
      {error && <Alert severity="error">Could not load transaction {id}: {errorText(error)}</Alert>}
      {tx?.errCode !== undefined ? (
        <Alert severity="error" variant="outlined" aria-label="Failure reason">
          Error {tx.errCode}: {tradeErrorMessage(tx.errCode)}
        </Alert>
      ) : tx?.status === 'failed' ? (
        <Alert severity="error" variant="outlined" aria-label="Failure reason">
          Failed, {NO_REASON}: the system sent no error code with this trade.
        </Alert>
      ) : null}
      {tx && (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '140px 1fr', md: 'repeat(2, 140px minmax(0, 1fr))' }, columnGap: 2, rowGap: 0.75, m: 0 }}
        >
          {FIELDS.map(({ key, label, mono }) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', ...(mono ? { fontFamily: 'monospace' } : {}) }}>
                {key === 'hash' && tx.hash ? <TxHashLink network={tx.network} hash={tx.hash} full /> : fieldText(tx, key, zone)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <TxHistoryDialog open={popup === 'history'} title={`History of ${id}`} history={history} network={tx?.network} tokenName={tx?.tokenName} onClose={() => setPopup(null)} />
      <JsonDialog open={popup === 'raw'} title={`Transaction ${id} (raw record)`} value={tx ?? null} onClose={() => setPopup(null)} />
    </Stack>
  );
}
