/** /tx: the transaction history with server-side filters, sort and pagination (GET /txs/). */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import { useGetList } from 'react-admin';
import { PER_PAGE_OPTIONS } from '../shared/table.ts';
import { errorText } from '../shared/errors.ts';
import { TxFilters } from './TxFilters.tsx';
import { TxTable, type TxSort } from './TxTable.tsx';
import { EMPTY_TX_FILTER, rangeProblem, toServerFilter, type TxFilterValues } from './txFilter.ts';

export function TxList() {
  const [values, setValues] = useState<TxFilterValues>(EMPTY_TX_FILTER);
  const [sort, setSort] = useState<TxSort>({ field: 'createdAt', order: 'DESC' });
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const rangeOk = rangeProblem(values) === null;
  const { data, total, isPending, isFetching, error } = useGetList(
    'txs',
    { pagination: { page: page + 1, perPage }, sort, filter: toServerFilter(values) },
    { enabled: rangeOk, placeholderData: (previous) => previous },
  );
  return (
    <Stack spacing={2}>
      <TxFilters
        values={values}
        onChange={(next) => {
          setValues(next);
          setPage(0);
        }}
      />
      {error ? <Alert severity="error">Could not load transactions: {errorText(error)}</Alert> : null}
      {isFetching ? <LinearProgress aria-label="Loading transactions" /> : <div style={{ height: 4 }} />}
      <TxTable
        rows={data ?? []}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPage(0);
        }}
      />
      {!isPending && (
        <TablePagination
          component="div"
          count={total ?? 0}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={PER_PAGE_OPTIONS}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
        />
      )}
    </Stack>
  );
}
