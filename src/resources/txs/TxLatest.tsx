/**
 * /tx/latest: the newest transactions, refreshed when the realtime API says the history changed
 * (txSent/txConfirmed announce it on the `tx` resource's topic), never by polling. A row opens its
 * transaction page /tx/{id}.
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, ListBase, useListContext, type RaRecord } from 'react-admin';
import { useSubscribeToRecordList } from '../../kit/realtimeHooks.ts';
import { recordPathOf } from '../../kit/definition.ts';
import { errorText } from '../../kit/shared/errors.ts';
import { TX_COLUMN_DEFS } from './columns.tsx';
import { TxHistoryButton } from './TxHistoryButton.tsx';

export const LATEST_COUNT = 50;
const RESOURCE = 'tx';
const COLUMNS = TX_COLUMN_DEFS.filter((c) => !c.hidden);

function LatestTable() {
  const { error, data, isPending, refetch } = useListContext();
  // txSent/txConfirmed announce that the history changed (publishLiveChanges, refreshOn 'txs').
  useSubscribeToRecordList(() => void refetch(), RESOURCE);
  return (
    <>
      {error ? <Alert severity="error">Could not load transactions: {errorText(error)}</Alert> : null}
      {/* Nothing loaded: the error says so, not also "No transactions yet." */}
      {error && !data ? null : (
        <DataTable
          resource={RESOURCE}
          aria-label="Transactions"
          rowClick={(id) => recordPathOf({ name: RESOURCE }, id)}
          bulkActionButtons={false}
          empty={<Typography sx={{ p: 2 }} color="text.secondary">{isPending ? 'Loading...' : 'No transactions yet.'}</Typography>}
        >
          {COLUMNS.map((c) => (
            <DataTable.Col key={c.source} source={c.source} label={c.label} render={c.render} disableSort align={c.align} />
          ))}
          <DataTable.Col source="_history" label="History" disableSort render={(record: RaRecord) => <TxHistoryButton record={record} />} />
        </DataTable>
      )}
    </>
  );
}

export function TxLatest() {
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        The {LATEST_COUNT} newest, shown as they are sent and confirmed.
      </Typography>
      <ListBase resource={RESOURCE} perPage={LATEST_COUNT} sort={{ field: 'createdAt', order: 'DESC' }} disableSyncWithLocation storeKey={false}>
        <LatestTable />
      </ListBase>
    </Stack>
  );
}
