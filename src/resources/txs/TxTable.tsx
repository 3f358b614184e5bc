/** A page of transactions; a row opens its raw record as JSON, and its history when it has one. */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import type { RaRecord } from 'react-admin';
import type { TxSortField } from '../../contract/index.ts';
import { JsonDialog } from '../../dialogs/JsonDialog.tsx';
import { TxHistoryDialog } from '../../dialogs/TxHistoryDialog.tsx';
import { useResourceApi } from '../shared/api.ts';
import { errorText } from '../shared/errors.ts';
import { historyOf } from './txFilter.ts';

export interface TxSort {
  field: TxSortField;
  order: 'ASC' | 'DESC';
}

const COLUMNS: { field: string; label: string; sortable?: TxSortField }[] = [
  { field: 'createdAt', label: 'Time', sortable: 'createdAt' },
  { field: 'tokenName', label: 'Token', sortable: 'tokenName' },
  { field: 'side', label: 'Side' },
  { field: 'txType', label: 'Type' },
  { field: 'network', label: 'Network' },
  { field: 'status', label: 'Status', sortable: 'status' },
  { field: 'amountIn', label: 'Amount in', sortable: 'amountIn' },
  { field: 'expectedProfit', label: 'Expected profit', sortable: 'expectedProfit' },
  { field: 'tradeId', label: 'Trade' },
];

function cellText(record: RaRecord, field: string): string {
  const value: unknown = record[field];
  if (field === 'createdAt' && typeof value === 'number') return new Date(value).toLocaleString();
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export interface TxTableProps {
  rows: readonly RaRecord[];
  sort?: TxSort;
  onSort?: (sort: TxSort) => void;
}

type Popup = { kind: 'json'; title: string; value: unknown } | { kind: 'history'; title: string; history: Record<string, unknown> };

export function TxTable({ rows, sort, onSort }: TxTableProps) {
  const api = useResourceApi();
  const [popup, setPopup] = useState<Popup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const open = async (record: RaRecord) => {
    setFailure(null);
    try {
      // The list leaves the raw part out; the popup shows the whole record.
      const full = await api.getTx(String(record.id));
      setPopup({ kind: 'json', title: `Transaction ${String(record.id)}`, value: full });
    } catch (e) {
      setFailure(`Could not load transaction ${String(record.id)}: ${errorText(e)}`);
      setPopup({ kind: 'json', title: `Transaction ${String(record.id)} (as listed)`, value: record });
    }
  };
  const openHistory = async (record: RaRecord) => {
    setFailure(null);
    let history = historyOf(record);
    if (!history) {
      try {
        history = historyOf(await api.getTx(String(record.id)));
      } catch (e) {
        setFailure(`Could not load transaction ${String(record.id)}: ${errorText(e)}`);
        return;
      }
    }
    setPopup({ kind: 'history', title: `History of ${String(record.id)}`, history: history ?? {} });
  };

  return (
    <>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <Table size="small" aria-label="Transactions">
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c.field}>
                {c.sortable && sort && onSort ? (
                  <TableSortLabel
                    active={sort.field === c.sortable}
                    direction={sort.field === c.sortable ? (sort.order === 'ASC' ? 'asc' : 'desc') : 'asc'}
                    onClick={() => {
                      const field = c.sortable as TxSortField;
                      onSort({ field, order: sort.field === field && sort.order === 'DESC' ? 'ASC' : 'DESC' });
                    }}
                  >
                    {c.label}
                  </TableSortLabel>
                ) : (
                  c.label
                )}
              </TableCell>
            ))}
            <TableCell>History</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length + 1}>
                <Typography color="text.secondary">No transactions.</Typography>
              </TableCell>
            </TableRow>
          )}
          {rows.map((r) => (
            <TableRow
              key={String(r.id)}
              hover
              tabIndex={0}
              sx={{ cursor: 'pointer' }}
              aria-label={`Transaction ${String(r.id)}`}
              onClick={() => void open(r)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void open(r);
              }}
            >
              {COLUMNS.map((c) => (
                <TableCell key={c.field}>{cellText(r, c.field)}</TableCell>
              ))}
              <TableCell>
                <IconButton
                  size="small"
                  aria-label={`History of ${String(r.id)}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    void openHistory(r);
                  }}
                >
                  <HistoryIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <JsonDialog open={popup?.kind === 'json'} title={popup?.title ?? ''} value={popup?.kind === 'json' ? popup.value : null} onClose={() => setPopup(null)} />
      <TxHistoryDialog open={popup?.kind === 'history'} title={popup?.title ?? ''} history={popup?.kind === 'history' ? popup.history : NO_HISTORY} onClose={() => setPopup(null)} />
    </>
  );
}

const NO_HISTORY: Record<string, unknown> = {};
