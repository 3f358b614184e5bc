/**
 * /tx/latest: the newest transactions, refreshed when the realtime API says the history changed
 * (txSent/txConfirmed announce it on the `tx` resource's topic), never by polling. A row opens its
 * transaction page /tx/{id}.
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, ListBase, useListContext, type Identifier, type RaRecord } from 'react-admin';
import { useSubscribeToRecordList } from '../../kit/realtimeHooks.ts';
import { recordPathOf } from '../../kit/definition.ts';
import { errorText } from '../../ui/errors.ts';
import { useListLayout, WIDE_TABLE_SX } from '../../ui/listLayout.ts';
import { PhoneList } from '../../ui/PhoneList.tsx';
import { TX_COLUMN_DEFS } from './columns.tsx';
import { TxHistoryButton } from './TxHistoryButton.tsx';

export const LATEST_COUNT = 50;
const RESOURCE = 'tx';
const COLUMNS = TX_COLUMN_DEFS.filter((c) => !c.hidden);

const showPath = (id: Identifier) => recordPathOf({ name: RESOURCE }, id);

function LatestTable() {
  const { error, data, isPending, refetch } = useListContext();
  // txSent/txConfirmed announce that the history changed (publishLiveChanges, refreshOn 'txs').
  useSubscribeToRecordList(() => void refetch(), RESOURCE);
  // Its own column choice (no chooser here): the priorities alone say what fits.
  const layout = useListLayout(`${RESOURCE}.latest`, COLUMNS);
  const empty = <Typography sx={{ p: 2 }} color="text.secondary">{isPending ? 'Loading...' : 'No transactions yet.'}</Typography>;
  return (
    <>
      {error ? <Alert severity="error">Could not load transactions: {errorText(error)}</Alert> : null}
      {/* Nothing loaded: the error says so, not also "No transactions yet." */}
      {error && !data ? null : layout.phone ? (
        <PhoneList columns={COLUMNS} name={(record) => String(record.id)} rowClick={showPath} ariaLabel="Transactions" />
      ) : (
        <DataTable
          resource={RESOURCE}
          aria-label="Transactions"
          rowClick={showPath}
          bulkActionButtons={false}
          storeKey={layout.storeKey}
          hiddenColumns={layout.hiddenColumns}
          sx={WIDE_TABLE_SX}
          empty={empty}
        >
          {COLUMNS.map((c) => (
            <DataTable.Col key={c.source} source={c.source} label={c.label} render={c.render} disableSort align={c.align} />
          ))}
          <DataTable.Col source="_actions" label="History" disableSort render={(record: RaRecord) => <TxHistoryButton record={record} />} />
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
