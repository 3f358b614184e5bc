/**
 * /tx/latest: the newest transactions. The live store has no change kind for txSent/txConfirmed
 * (LiveChangeKind covers tokens, bridges, userLogs, checker), so the list refetches every 5 s while
 * the page is visible.
 */
import { useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { useGetList } from 'react-admin';
import { errorText } from '../shared/errors.ts';
import { TxTable } from './TxTable.tsx';

export const LATEST_REFETCH_MS = 5000;
export const LATEST_COUNT = 50;

function subscribeVisibility(cb: () => void) {
  document.addEventListener('visibilitychange', cb);
  return () => document.removeEventListener('visibilitychange', cb);
}
const isVisible = () => document.visibilityState !== 'hidden';

export function TxLatest() {
  const navigate = useNavigate();
  const visible = useSyncExternalStore(subscribeVisibility, isVisible, () => true);
  const { data, error, isPending } = useGetList(
    'txs',
    { pagination: { page: 1, perPage: LATEST_COUNT }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} },
    { refetchInterval: visible ? LATEST_REFETCH_MS : false },
  );
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        The {LATEST_COUNT} newest, refreshed every {LATEST_REFETCH_MS / 1000} s while this page is visible.
      </Typography>
      {error ? <Alert severity="error">Could not load transactions: {errorText(error)}</Alert> : null}
      {/* Nothing loaded: the error says so, not also "No transactions yet." */}
      {error && !data ? null : (
        <TxTable rows={data ?? []} onOpen={(id) => navigate(`/tx?id=${encodeURIComponent(id)}`)} empty={isPending ? 'Loading...' : 'No transactions yet.'} />
      )}
    </Stack>
  );
}
