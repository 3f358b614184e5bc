/** The transaction table's columns (the kit's DataTable), shared by /tx and /tx/latest. */
import Chip from '@mui/material/Chip';
import type { RaRecord } from 'react-admin';
import { statusColor } from '../../domain/txStatus.ts';
import { useTimeZoneMode } from '../../ui/timeZone.ts';
import type { ColumnDef } from '../../kit/definition.ts';
import { CutText } from '../../ui/CutText.tsx';
import { TxHashLink } from '../../ui/TxHashLink.tsx';
import { cellText, cellTitle, shortId, SHORT_ID_FIELDS, TX_COLUMNS } from './txFormat.ts';

/** The widest an error message grows in the table before it is cut (whole on hover and focus). */
const ERROR_MAX_WIDTH = 220;

/**
 * One cell: the status as its colour, long ids shortened on one line (whole on hover and focus),
 * the hash a link to the network's explorer, an error message cut where long, times in the header's zone.
 */
function TxCell({ record, field }: { record: RaRecord; field: string }) {
  const zone = useTimeZoneMode();
  const text = cellText(record, field, zone);
  if (field === 'status') return <Chip size="small" variant="outlined" color={statusColor(String(record.status))} label={text} sx={{ height: 20 }} />;
  if (field === 'hash' && text !== '') return <TxHashLink network={String(record.network)} hash={text} />;
  if (SHORT_ID_FIELDS.has(field)) return text === '' ? null : <CutText text={text} shown={shortId(text)} mono />;
  if (field === 'errCode') {
    return (
      <span title={cellTitle(record, field)}>
        <CutText text={text} maxWidth={ERROR_MAX_WIDTH} />
      </span>
    );
  }
  return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
}

export const TX_COLUMN_DEFS: ColumnDef[] = TX_COLUMNS.map((c) => ({
  source: c.field,
  label: c.label,
  render: (record: RaRecord) => <TxCell record={record} field={c.field} />,
  sortable: c.sortable !== undefined,
  // Amounts and profits read largest first, times newest first.
  sortByOrder: 'DESC',
  hidden: !c.initial,
  priority: c.priority,
  phone: c.phone ? 'secondary' : undefined,
  align: c.numeric ? 'right' : undefined,
}));
