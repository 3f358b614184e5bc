/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks; CRLF or LF. */

export interface CsvRecord {
  /** Line of the text the record starts on (1-based). */
  line: number;
  fields: string[];
}

/** The records of `text`; blank lines are skipped. An unterminated quote runs to the end. */
export function parseCsv(text: string): CsvRecord[] {
  return [...csvRecords(text)];
}

/**
 * parseCsv one record at a time, so that a caller can stop between records (the Solana import
 * reads a few MB on the main thread in slices when it has no worker thread).
 */
export function* csvRecords(text: string): Generator<CsvRecord, void, undefined> {
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let startLine = 1;
  let quoted = false;
  let i = 0;
  // The record ended at the current character, or undefined for a blank line.
  const endRecord = (): CsvRecord | undefined => {
    fields.push(field);
    const record = fields.length > 1 || fields[0] !== '' ? { line: startLine, fields } : undefined;
    fields = [];
    field = '';
    return record;
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      const record = endRecord();
      if (record) yield record;
      if (c === '\r' && text[i + 1] === '\n') i++;
      line++;
      startLine = line;
    } else field += c;
    i++;
  }
  if (field !== '' || fields.length > 0) {
    const record = endRecord();
    if (record) yield record;
  }
}
