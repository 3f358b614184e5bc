/**
 * Rules of the Solana bridge configuration screens (§7): a token's per-network entries as
 * editable rows checked by the contract schema, and reading the CSV the import sends.
 */
import { SolanaBridgeCreateRequest, SolanaBridgeImportRequest, SolanaBridgeKind, type SolanaBridgeRecord } from '../contract/index.ts';

/** The x path segment of the calls is the bridgeName; the contract allows fewer characters there. */
export function solanaKeyProblem(bridgeName: string): string | null {
  const parsed = SolanaBridgeKind.safeParse(bridgeName);
  return parsed.success ? null : `a Solana config needs a bridge name of ${parsed.error.issues[0]?.message ?? 'letters, digits, _ and -'}`;
}

export interface EntryRow {
  network: string;
  address: string;
  decimals: string;
  /** Fields of the stored entry the form does not edit; sent back unchanged. */
  extra: Record<string, unknown>;
}

export const emptyRow = (): EntryRow => ({ network: '', address: '', decimals: '', extra: {} });

export function rowsOf(record: SolanaBridgeRecord | undefined): EntryRow[] {
  if (!record) return [emptyRow()];
  return Object.entries(record.data).map(([network, { address, decimals, ...extra }]) => ({ network, address, decimals: String(decimals), extra }));
}

export interface EntryCheck {
  /** The body's data when every row is valid, else null. */
  data: Record<string, { address: string; decimals: number }> | null;
  tokenProblem: string | null;
  /** Row index -> field -> first problem. */
  rows: Record<number, Partial<Record<'network' | 'address' | 'decimals', string>>>;
  /** Problems not tied to a row (no rows at all). */
  other: string | null;
}

/**
 * Typed rows to the create/update body, checked by the contract (SolanaBridgeCreateRequest). Each
 * row is checked on its own as well, so one row's problem never hides another's.
 */
export function checkEntry(token: string, rows: readonly EntryRow[]): EntryCheck {
  const check: EntryCheck = { data: null, tokenProblem: null, rows: {}, other: null };
  const note = (i: number, field: 'network' | 'address' | 'decimals', message: string) => {
    check.rows[i] = { [field]: message, ...check.rows[i] };
  };
  const tokenParsed = SolanaBridgeCreateRequest.shape.token.safeParse(token);
  if (!tokenParsed.success) check.tokenProblem = token === '' ? 'required' : (tokenParsed.error.issues[0]?.message ?? 'not a valid name');
  if (rows.length === 0) check.other = 'add at least one network';

  const data: Record<string, Record<string, unknown>> = {};
  const rowOf = new Map<string, number>();
  rows.forEach((r, i) => {
    if (r.network === '') return note(i, 'network', 'required');
    const first = rowOf.get(r.network);
    if (first !== undefined) return note(i, 'network', `already on row ${first + 1}`);
    rowOf.set(r.network, i);
    const decimals = r.decimals.trim();
    // An unparsable number goes to the schema as typed, so its message is the contract's.
    const value = { ...r.extra, address: r.address, decimals: /^\d+$/.test(decimals) ? Number(decimals) : decimals };
    data[r.network] = value;
    const parsed = SolanaBridgeCreateRequest.shape.data.safeParse({ [r.network]: value });
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = issue.path[1] === 'address' || issue.path[1] === 'decimals' ? issue.path[1] : 'network';
      note(i, field, issue.message);
    }
  });
  if (check.tokenProblem !== null || check.other !== null || Object.keys(check.rows).length > 0) return check;
  const parsed = SolanaBridgeCreateRequest.safeParse({ token, data });
  if (parsed.success) check.data = parsed.data.data as EntryCheck['data'];
  else check.other = parsed.error.issues[0]?.message ?? 'not valid';
  return check;
}

/** Data lines of a CSV text (the header and blank lines left out); for the progress text. */
export function csvRowCount(csv: string): number {
  return Math.max(0, csv.split(/\r?\n/).filter((line) => line.trim() !== '').length - 1);
}

/** The text of line `row` (1-based, the header is line 1), as the import report names it. */
export function csvLine(csv: string, row: number): string {
  return csv.split(/\r?\n/)[row - 1] ?? '';
}

/** The header and the rejected lines, to fix and import again. */
export function rejectedCsv(csv: string, rows: readonly number[]): string {
  const lines = csv.split(/\r?\n/);
  return [lines[0] ?? '', ...rows.map((row) => lines[row - 1] ?? '')].join('\n');
}

/** Why the text cannot be sent at all (empty, too large), from the contract; else null. */
export function importProblem(csv: string): string | null {
  if (csv.trim() === '') return 'paste or load a CSV first';
  const parsed = SolanaBridgeImportRequest.safeParse({ csv });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'not a valid CSV');
}
