/**
 * The export of every list that has no export of its own: react-admin's default exporter writes
 * cells as they are, so a text like `=HYPERLINK(…)` would become a live formula
 * in a spreadsheet. This one writes the same flattened columns through domain/csv.ts.
 */
import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';
import { recordsToCsv } from '../domain/csv.ts';

export const kitExporter: Exporter = (records: RaRecord[], _fetchRelatedRecords, _dataProvider, resource) => {
  downloadCSV(recordsToCsv(records), resource ?? 'export');
};
