/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks; CRLF or LF. */

export interface CsvRecord {
  /** Line of the text the record starts on (1-based). */
  line: number;
  fields: string[];
}

/** The records of `text`; blank lines are skipped. An unterminated quote runs to the end. */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let startLine = 1;
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') records.push({ line: startLine, fields });
    fields = [];
    field = '';
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
      endRecord();
      if (c === '\r' && text[i + 1] === '\n') i++;
      line++;
      startLine = line;
    } else field += c;
    i++;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
