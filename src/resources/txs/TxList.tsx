/**
 * /tx: the transaction history with server-side filters, sort and pagination (GET /txs/), a column
 * choice and a CSV export of the filtered rows; /tx?id=... is the transaction page of one row. The
 * list's filters, sort and page live in the URL, so a view is shared as a link and Back returns to it.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import DownloadIcon from '@mui/icons-material/Download';
import { useSearchParams } from 'react-router-dom';
import { downloadCSV, useDataProvider, useGetList, useStore } from 'react-admin';
import { PER_PAGE_OPTIONS } from '../shared/table.ts';
import { errorText } from '../shared/errors.ts';
import { ColumnsButton } from './ColumnsButton.tsx';
import { TxDetail } from './TxDetail.tsx';
import { TxFilters } from './TxFilters.tsx';
import { TxTable } from './TxTable.tsx';
import { DEFAULT_TX_SORT, EMPTY_TX_FILTER, listStateOf, paramsOf, rangeProblem, toServerFilter, type TxListState } from './txFilter.ts';
import { EXPORT_MAX_ROWS, INITIAL_TX_COLUMNS, txsToCsv, visibleColumns } from './txFormat.ts';

export function TxList() {
  const [params, setParams] = useSearchParams();
  const openId = params.get('id');
  const state = listStateOf(params);
  const { values, sort, page } = state;
  /** Filter, sort and page changes replace the history entry; opening a transaction adds one. */
  const show = (next: TxListState, id?: string) => {
    const search = paramsOf(next);
    if (id !== undefined) search.set('id', id);
    setParams(search, { replace: id === undefined && openId === null });
  };
  const [perPage, setPerPage] = useStore<number>('txs.perPage', 25);
  const [chosen, setChosen] = useStore<string[]>('txs.columns', [...INITIAL_TX_COLUMNS]);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const dataProvider = useDataProvider();
  const rangeOk = rangeProblem(values) === null;
  const filter = toServerFilter(values);
  const filtered = Object.keys(filter).length > 0;
  const { data, total, isPending, isFetching, error, refetch } = useGetList(
    'txs',
    { pagination: { page: page + 1, perPage }, sort, filter },
    { enabled: rangeOk, placeholderData: (previous) => previous },
  );
  const columns = visibleColumns(chosen);
  // A link may name a page past the end of what now matches.
  const lastPage = total ? Math.max(0, Math.ceil(total / perPage) - 1) : 0;

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const { data: rows } = await dataProvider.getList('txs', { pagination: { page: 1, perPage: EXPORT_MAX_ROWS }, sort, filter });
      downloadCSV(txsToCsv(rows), 'transactions');
    } catch (e) {
      setExportError(`Export failed: ${errorText(e)}`);
    } finally {
      setExporting(false);
    }
  };

  if (openId) {
    return (
      <TxDetail
        id={openId}
        onBack={() => show(state)}
        onShowTrade={(tradeId) => show({ values: { ...EMPTY_TX_FILTER, q: tradeId }, sort: DEFAULT_TX_SORT, page: 0 })}
      />
    );
  }

  return (
    <Stack spacing={1}>
      <TxFilters
        values={values}
        onChange={(next) => show({ values: next, sort, page: 0 })}
        actions={
          <>
            <ColumnsButton shown={columns.map((c) => c.field)} onChange={setChosen} />
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              disabled={exporting || !total}
              onClick={() => void exportCsv()}
              title={`The first ${EXPORT_MAX_ROWS} rows with these filters and this sort, as CSV`}
            >
              Export
            </Button>
          </>
        }
      />
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          Could not load transactions: {errorText(error)}
          {data ? ' The rows below are from the last successful load.' : ''}
        </Alert>
      ) : null}
      {exportError ? (
        <Alert severity="error" onClose={() => setExportError(null)}>
          {exportError}
        </Alert>
      ) : null}
      {isFetching ? <LinearProgress aria-label="Loading transactions" /> : <div style={{ height: 4 }} />}
      {/* Nothing loaded: the error says so, not also an empty table and "0–0 of 0". */}
      {error && !data ? null : (
        <>
          <TxTable
            rows={data ?? []}
            columns={columns}
            sort={sort}
            onOpen={(id) => show(state, id)}
            empty={
              !rangeOk
                ? 'No transactions: the range ends before it starts.'
                : isPending
                  ? 'Loading...'
                  : filtered
                    ? 'No transactions match these filters.'
                    : 'No transactions yet.'
            }
            onSort={(next) => show({ values, sort: next, page: 0 })}
          />
          {!isPending && (
            <TablePagination
              component="div"
              count={total ?? 0}
              page={Math.min(page, lastPage)}
              rowsPerPage={perPage}
              rowsPerPageOptions={PER_PAGE_OPTIONS}
              onPageChange={(_, p) => show({ values, sort, page: p })}
              onRowsPerPageChange={(e) => {
                setPerPage(Number(e.target.value));
                show({ values, sort, page: 0 });
              }}
            />
          )}
        </>
      )}
    </Stack>
  );
}
