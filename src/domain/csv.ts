/**
 * CSV for every export of the console (docs/decisions.md "Our own CSV writer and parser"): RFC 4180
 * quoting, and no cell a spreadsheet would run as a formula. A text starting with =, +, -, @, a tab
 * or a carriage return, after any leading spaces, is prefixed with an apostrophe, which
 * spreadsheets show as text (OWASP "CSV Injection"): an Operator's command text `=HYPERLINK(…)`
 * must not become a live formula in an Admin's export, and ` =1+1` is read as a formula too.
 * Every text cell is quoted, separator or not: a spreadsheet set to split on `;` then keeps
 * `x;=SUM(1+1)` whole instead of starting a cell with `=`. Numbers are written as they are: -5 is a
 * number, not a formula, and holds no separator.
 */

const FORMULA_START = /^\s*[=+\-@\t\r]/;

/** The text, made inert for a spreadsheet: an apostrophe before a leading = + - @, tab or CR, leading spaces skipped. */
export function escapeCsvFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV cell: empty for null/undefined, numbers and booleans bare, any text (JSON for objects) formula-escaped and quoted. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  const text = escapeCsvFormula(typeof value === 'object' ? JSON.stringify(value) : String(value));
  return `"${text.replace(/"/g, '""')}"`;
}

/** The lines of a CSV with a header, CRLF-separated and ending with one (RFC 4180). */
export function csvText(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header.map(csvCell).join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Records flattened to dotted columns (`details.cmd`), arrays kept as JSON, columns in the order
 * they first appear: what react-admin's default exporter writes, escaped.
 */
export function recordsToCsv(records: readonly Readonly<Record<string, unknown>>[]): string {
  const columns: string[] = [];
  const seen = new Set<string>();
  const flat = records.map((record) => {
    const cells = new Map<string, unknown>();
    const walk = (value: unknown, path: string) => {
      if (value !== null && typeof value === 'object' && !Array.isArray(value) && path.split('.').length < 8) {
        const entries = Object.entries(value);
        if (entries.length > 0 || path === '') {
          for (const [key, inner] of entries) walk(inner, path === '' ? key : `${path}.${key}`);
          return;
        }
      }
      if (!seen.has(path)) {
        seen.add(path);
        columns.push(path);
      }
      cells.set(path, value);
    };
    walk(record, '');
    return cells;
  });
  return csvText(columns, flat.map((cells) => columns.map((column) => cells.get(column))));
}
