/** A page of transactions in the chosen columns; a row opens the transaction page, its icon the history popup. */
import { VISUALLY_HIDDEN } from '../../widgets/shared/visuallyHidden.ts';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import type { RaRecord } from 'react-admin';
import type { TxSortField } from '../../contract/index.ts';
import { TxHistoryDialog } from '../../dialogs/TxHistoryDialog.tsx';
import { useTimeZoneMode } from '../../widgets/shared/timeZone.ts';
import { useConsoleDataProvider } from '../../dataProvider/index.ts';
import { errorText } from '../shared/errors.ts';
import { historyOf } from './txFilter.ts';
import { statusColor } from '../../domain/txStatus.ts';
import { cellText, cellTitle, shortId, SHORT_ID_FIELDS, TX_COLUMNS, type TxColumn } from './txFormat.ts';

export interface TxSort {
  field: TxSortField;
  order: 'ASC' | 'DESC';
}

export interface TxTableProps {
  rows: readonly RaRecord[];
  /** Opens the transaction page of a row. */
  onOpen: (id: string) => void;
  columns?: readonly TxColumn[];
  sort?: TxSort;
  onSort?: (sort: TxSort) => void;
  /** What an empty table says (filters that match nothing read differently from no data). */
  empty?: string;
}

const DEFAULT_COLUMNS = TX_COLUMNS.filter((c) => c.initial);

export function TxTable({ rows, onOpen, columns = DEFAULT_COLUMNS, sort, onSort, empty = 'No transactions.' }: TxTableProps) {
  const api = useConsoleDataProvider();
  const [history, setHistory] = useState<{ title: string; history: Record<string, unknown> } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const zone = useTimeZoneMode();

  const openHistory = async (record: RaRecord) => {
    setFailure(null);
    let found = historyOf(record);
    if (!found) {
      try {
        // List rows leave the history out; the record itself carries it.
        found = historyOf(await api.getTx(String(record.id)));
      } catch (e) {
        setFailure(`Could not load transaction ${String(record.id)}: ${errorText(e)}`);
        return;
      }
    }
    setHistory({ title: `History of ${String(record.id)}`, history: found ?? {} });
  };

  return (
    <>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {/* Wide column choices scroll inside the table, never the page. */}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Transactions" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.field} align={c.numeric ? 'right' : 'left'} sortDirection={sort?.field === c.sortable ? (sort?.order === 'ASC' ? 'asc' : 'desc') : false}>
                  {c.sortable && sort && onSort ? (
                    <TableSortLabel
                      active={sort.field === c.sortable}
                      direction={sort.field === c.sortable ? (sort.order === 'ASC' ? 'asc' : 'desc') : 'desc'}
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
              <TableCell padding="checkbox">
                <span style={VISUALLY_HIDDEN}>History</span>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 1}>
                  <Typography variant="body2" color="text.secondary">
                    {empty}
                  </Typography>
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
                onClick={() => onOpen(String(r.id))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') onOpen(String(r.id));
                }}
              >
                {columns.map((c) => {
                  const text = cellText(r, c.field, zone);
                  const short = SHORT_ID_FIELDS.has(c.field);
                  return (
                    <TableCell
                      key={c.field}
                      align={c.numeric ? 'right' : 'left'}
                      title={cellTitle(r, c.field)}
                      sx={c.numeric ? { fontVariantNumeric: 'tabular-nums' } : short ? { fontFamily: 'monospace', fontSize: 12 } : undefined}
                    >
                      {c.field === 'status' ? (
                        <Chip size="small" variant="outlined" color={statusColor(String(r.status))} label={text} sx={{ height: 20 }} />
                      ) : short ? (
                        shortId(text)
                      ) : (
                        text
                      )}
                    </TableCell>
                  );
                })}
                <TableCell padding="checkbox">
                  <Tooltip title="History (Buy, Sell, Other)">
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
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <TxHistoryDialog open={history !== null} title={history?.title ?? ''} history={history?.history ?? NO_HISTORY} onClose={() => setHistory(null)} />
    </>
  );
}

const NO_HISTORY: Record<string, unknown> = {};
