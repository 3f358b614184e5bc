/**
 * One group of the Analytics screen (by token, bridge, route or error code): a sortable table of
 * the group's figures, each row a link to /tx/trades filtered to it, beside a bar chart of the
 * trades per group, completed against failed, with its text alternative. On a phone the table
 * keeps the name, trades, success rate and profit (the kit lists' priorities: the rest from 600 px).
 */
import { useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { VISUALLY_HIDDEN } from '../../ui/visuallyHidden.ts';
import useMediaQuery from '@mui/material/useMediaQuery';
import { TRADES_PATH } from '../../config/trades.ts';
import type { StatsGroup } from '../../config/stats.ts';
import type { TradeStatsGroup } from '../../contract/index.ts';
import { groupChartText, tradesFilterOf, tradesLink, type StatsRange } from '../../domain/analytics.ts';
import { successRate } from '../../domain/performance.ts';
import { formatCount, formatPercent, formatUsdChange } from '../../domain/numberFormat.ts';
import { PHONE_MAX_WIDTH, PRIORITY_MIN_WIDTH } from '../../ui/columnPriority.ts';
import { sortBy, type SortState } from '../../ui/table.ts';

type Field = 'name' | 'trades' | 'completed' | 'failed' | 'running' | 'rate' | 'profit';

type CountField = 'trades' | 'completed' | 'failed' | 'running';

interface Column {
  field: Exclude<Field, 'name'>;
  label: string;
  /** Shown on a phone too. */
  phone: boolean;
  numeric: boolean;
  /** Shown only from 1920 px (the kit's 'low' priority). */
  wide?: boolean;
}

const COLUMNS: readonly Column[] = [
  { field: 'trades', label: 'Trades', phone: true, numeric: true },
  { field: 'completed', label: 'Completed', phone: false, numeric: true },
  { field: 'failed', label: 'Failed', phone: false, numeric: true },
  { field: 'running', label: 'Running', phone: false, numeric: true, wide: true },
  { field: 'rate', label: 'Success', phone: true, numeric: true },
  { field: 'profit', label: 'Profit', phone: true, numeric: true },
];

/** How many groups the chart draws (the largest by trades); the table lists them all. */
const CHART_ROWS = 8;

export interface GroupRow extends TradeStatsGroup {
  /** What the operator reads for the key: the error code's message, "no bridge"... */
  name: string;
}

function cellText(row: GroupRow, field: Column['field']): string {
  if (field === 'rate') return formatPercent(successRate(row));
  if (field === 'profit') return formatUsdChange(row.profit);
  return formatCount(row[field satisfies CountField]);
}

function valueOf(row: GroupRow, field: Field): string | number {
  if (field === 'name') return row.name.toLowerCase();
  if (field === 'rate') return successRate(row) ?? -1;
  return row[field];
}

/** Trades per group as horizontal bars, completed then failed then running; role img, described by its text. */
function GroupBars({ title, rows, description }: { title: string; rows: readonly GroupRow[]; description: string }) {
  const descriptionId = useId();
  const top = [...rows].sort((a, b) => b.trades - a.trades).slice(0, CHART_ROWS);
  const most = Math.max(1, ...top.map((r) => r.trades));
  return (
    <Box role="img" aria-label={`${title}: trades, completed against failed`} aria-describedby={descriptionId} sx={{ minWidth: 0 }}>
      {/* The chart's text alternative, for screen readers: shown, it only repeated the table beside it. */}
      <Box component="p" id={descriptionId} sx={VISUALLY_HIDDEN}>
        {description}
      </Box>
      <Box aria-hidden="true" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 9rem) 1fr', columnGap: 1, rowGap: 0.5, alignItems: 'center' }}>
        {top.map((r) => (
          <Box key={r.key} sx={{ display: 'contents' }}>
            <Typography variant="caption" noWrap title={r.name}>
              {r.name}
            </Typography>
            <Box sx={{ display: 'flex', height: 14, width: `${(r.trades / most) * 100}%`, minWidth: 2, borderRadius: 0.5, overflow: 'hidden' }}>
              <Box sx={{ flex: r.completed, bgcolor: 'success.main' }} />
              <Box sx={{ flex: r.failed, bgcolor: 'error.main' }} />
              <Box sx={{ flex: r.running, bgcolor: 'info.main' }} />
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

export function GroupTable({ group, title, rows, range, periodWords }: {
  group: StatsGroup;
  title: string;
  rows: readonly GroupRow[];
  range: StatsRange;
  periodWords: string;
}) {
  const phone = useMediaQuery(`(max-width:${PHONE_MAX_WIDTH - 0.05}px)`);
  const wide = useMediaQuery(`(min-width:${PRIORITY_MIN_WIDTH.low}px)`);
  const [sort, setSort] = useState<SortState<Field>>({ field: 'trades', order: 'desc' });
  const sorted = useMemo(() => sortBy(rows, sort, valueOf), [rows, sort]);
  const headingId = useId();
  const columns = COLUMNS.filter((c) => (!phone || c.phone) && (wide || c.wide !== true));
  const description = groupChartText(title, periodWords, rows.map((r) => ({ name: r.name, counts: r })));
  const sortLabel = (field: Field, label: string) => (
    <TableSortLabel
      active={sort.field === field}
      direction={sort.field === field ? sort.order : field === 'name' ? 'asc' : 'desc'}
      onClick={() => setSort((s) => ({ field, order: s.field === field ? (s.order === 'asc' ? 'desc' : 'asc') : field === 'name' ? 'asc' : 'desc' }))}
    >
      {label}
    </TableSortLabel>
  );
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">No trades over {periodWords}.</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
          <Box sx={{ overflowX: 'auto', minWidth: 0 }}>
            <Table size="small" aria-labelledby={headingId}>
              <TableHead>
                <TableRow>
                  <TableCell sortDirection={sort.field === 'name' ? sort.order : false}>{sortLabel('name', title.replace(/^By /, '').replace(/^./, (c) => c.toUpperCase()))}</TableCell>
                  {columns.map((c) => (
                    <TableCell key={c.field} align="right" sortDirection={sort.field === c.field ? sort.order : false}>
                      {sortLabel(c.field, c.label)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {sorted.map((row) => {
                  const filter = tradesFilterOf(group, row.key, range);
                  return (
                    <TableRow key={row.key} hover>
                      <TableCell component="th" scope="row" sx={{ minWidth: { xs: '8rem', sm: '12rem' }, overflowWrap: 'break-word' }}>
                        {filter === null ? (
                          row.name
                        ) : (
                          <Link component={RouterLink} to={tradesLink(TRADES_PATH, filter)} title="Open its trades" sx={{ display: 'inline-block', minHeight: 24 }}>
                            {row.name}
                          </Link>
                        )}
                      </TableCell>
                      {columns.map((c) => (
                        <TableCell key={c.field} align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color: c.field === 'profit' && row.profit < 0 ? 'error.main' : undefined }}>
                          {cellText(row, c.field)}
                        </TableCell>
                      ))}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
          <GroupBars title={title} rows={rows} description={description} />
        </Box>
      )}
    </Paper>
  );
}
