/**
 * A list on a phone (below 600 px), react-admin's small-screen convention: SimpleList, one item per
 * record with its primary line (the identifying column, else the record's name) and a secondary
 * line of its next columns, each "Label value" (those with a value), the whole item the row's link. Nothing in it is
 * wider than the screen: each part is one line cut with an ellipsis.
 */
import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { SimpleList, type Identifier, type RaRecord } from 'react-admin';
import type { ColumnDef } from '../kit/definition.ts';

/** How many columns the secondary line shows when the definition names none. */
const SECONDARY_PARTS = 3;

const plain = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

const isEmpty = (value: unknown): boolean => value === null || value === undefined || value === '';

function cell(column: ColumnDef, record: RaRecord): ReactNode {
  return column.render ? column.render(record) : plain(record[column.source]);
}

/**
 * The primary column and the secondary line's columns of a phone list: those the definition names,
 * else its first plain ones (a rendered cell may hold controls, which have no place inside a link).
 */
export function phoneColumns(columns: readonly ColumnDef[]): { primary: ColumnDef | undefined; secondary: ColumnDef[] } {
  const primary = columns.find((c) => c.phone === 'primary') ?? columns.find((c) => c.priority === 'primary' && c.phone !== 'none');
  const named = columns.filter((c) => c.phone === 'secondary' && c !== primary);
  const secondary = named.length > 0 ? named : columns.filter((c) => c !== primary && !c.render && !c.hidden && c.phone !== 'none' && c.priority !== 'low').slice(0, SECONDARY_PARTS);
  return { primary, secondary };
}

const oneLine = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

export function PhoneList({ columns, name, rowClick, ariaLabel }: {
  columns: readonly ColumnDef[];
  /** The record in words, the primary line when no column is the primary one. */
  name: (record: RaRecord) => string;
  rowClick: ((id: Identifier) => string) | 'edit' | false;
  ariaLabel: string;
}) {
  const { primary, secondary } = phoneColumns(columns);
  return (
    <SimpleList
      aria-label={ariaLabel}
      rowClick={rowClick}
      sx={{ '& .MuiListItemText-root': { minWidth: 0 } }}
      primaryText={(record: RaRecord) => <Box component="span" sx={oneLine}>{primary ? cell(primary, record) : name(record)}</Box>}
      secondaryText={(record: RaRecord) => (
        <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25, minWidth: 0 }}>
          {/* A field with nothing in it is left out: a card of labels with no value ("Error") only takes room. */}
          {secondary.filter((c) => !isEmpty(record[c.source])).map((c) => (
            <Fragment key={c.source}>
              <Box component="span" sx={{ ...oneLine, display: 'inline-flex', gap: 0.5, maxWidth: '100%', alignItems: 'center' }}>
                <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500 }}>{c.label}</Box>
                <Box component="span" sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{cell(c, record)}</Box>
              </Box>
            </Fragment>
          ))}
        </Box>
      )}
    />
  );
}
