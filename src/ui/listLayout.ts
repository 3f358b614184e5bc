/**
 * How a list lays out at the viewport's width: a phone list below 600 px; above, a table whose
 * columns start hidden by their priority (columnPriority.ts), the choice kept per width range.
 */
import { useMemo } from 'react';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { columnStoreKey, hiddenColumnsAt, PHONE_MAX_WIDTH, PRIORITY_MIN_WIDTH, type PrioritizedColumn } from './columnPriority.ts';

export interface ListLayout {
  phone: boolean;
  /** react-admin's store key of the column choice (DataTable and ColumnsButton). */
  storeKey: string;
  hiddenColumns: string[];
}

/** Read at once (noSsr): a first render at the wrong width would flash every column, then hide some. */
const NOW = { noSsr: true } as const;
const CAN_MEASURE = typeof window !== 'undefined' && typeof window.matchMedia === 'function';

export function useListLayout(resource: string, columns: readonly PrioritizedColumn[]): ListLayout {
  const phone = useMediaQuery(`(max-width: ${PHONE_MAX_WIDTH - 0.05}px)`, NOW);
  const medium = useMediaQuery(`(min-width: ${PRIORITY_MIN_WIDTH.medium}px)`, NOW);
  const wide = useMediaQuery(`(min-width: ${PRIORITY_MIN_WIDTH.low}px)`, NOW);
  // A width standing for the range the viewport is in: what the priorities compare against. Where
  // the width cannot be asked (no matchMedia), every column the definition shows.
  const width = wide || !CAN_MEASURE ? PRIORITY_MIN_WIDTH.low : medium ? PRIORITY_MIN_WIDTH.medium : 0;
  const hidden = hiddenColumnsAt(columns, width);
  const key = hidden.join(',');
  // One array per choice: react-admin's store context memoizes on it.
  const hiddenColumns = useMemo(() => (key === '' ? [] : key.split(',')), [key]);
  return { phone, storeKey: columnStoreKey(resource, width), hiddenColumns };
}

/**
 * A table never widens its page: its wrapper takes the width it is given (contain: inline-size) and
 * scrolls inside itself if its columns still need more; the actions column stays at the right edge.
 */
export const WIDE_TABLE_SX = {
  '& .RaDataTable-tableWrapper': { overflowX: 'auto', contain: 'inline-size' },
  // Cells a little closer than MUI's 16 px: a desktop table's columns fit without dropping more of them.
  '& .MuiTableCell-root': { px: 1.25 },
  '& .MuiTableCell-root:first-of-type': { pl: 2 },
  '& .column-_actions': { position: 'sticky', right: 0, bgcolor: 'background.paper', whiteSpace: 'nowrap', boxShadow: (theme: Theme) => `inset 1px 0 ${theme.palette.divider}` },
} as const;
