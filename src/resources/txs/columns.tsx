/** The transaction table's columns (the kit's DataTable), shared by /tx and /tx/latest. */
import Chip from '@mui/material/Chip';
import type { RaRecord } from 'react-admin';
import { statusColor } from '../../domain/txStatus.ts';
import { useTimeZoneMode } from '../../widgets/shared/timeZone.ts';
import type { ColumnDef } from '../../kit/definition.ts';
import { cellText, cellTitle, shortId, SHORT_ID_FIELDS, TX_COLUMNS } from './txFormat.ts';

/** One cell: the status as its colour, long ids shortened (in full in the title), times in the header's zone. */
function TxCell({ record, field }: { record: RaRecord; field: string }) {
  const zone = useTimeZoneMode();
  const text = cellText(record, field, zone);
  if (field === 'status') return <Chip size="small" variant="outlined" color={statusColor(String(record.status))} label={text} sx={{ height: 20 }} />;
  const short = SHORT_ID_FIELDS.has(field);
  return (
    <span title={cellTitle(record, field)} style={short ? { fontFamily: 'monospace', fontSize: 12 } : { whiteSpace: 'nowrap' }}>
      {short ? shortId(text) : text}
    </span>
  );
}

export const TX_COLUMN_DEFS: ColumnDef[] = TX_COLUMNS.map((c) => ({
  source: c.field,
  label: c.label,
  render: (record: RaRecord) => <TxCell record={record} field={c.field} />,
  sortable: c.sortable !== undefined,
  // Amounts and profits read largest first, times newest first.
  sortByOrder: 'DESC',
  hidden: !c.initial,
  align: c.numeric ? 'right' : undefined,
}));
