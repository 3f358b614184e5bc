/** Token list search and the networkData form rules (§3 token entry, §5 token search). */
import { addressProblem, normaliseAddress, type Token } from '../contract/index.ts';
import { parseTokenQuery } from './tokenSearch.ts';
import { recordNameProblem } from './recordName.ts';

/**
 * §5: the text part matches when tokenName or an address contains it (case-insensitive); the
 * network part (after a space) when one of the token's networks starts with it. `network`, the
 * list's network filter, keeps tokens deployed on exactly that network.
 */
export function matchesToken(token: Token, query: string, network: string): boolean {
  const networks = Object.keys(token.networkData);
  if (network !== '' && !networks.includes(network)) return false;
  const { text, network: prefix } = parseTokenQuery(query);
  const candidates = prefix === '' ? networks : networks.filter((n) => n.toLowerCase().startsWith(prefix));
  if (prefix !== '' && candidates.length === 0) return false;
  if (text === '') return true;
  if (token.tokenName.toLowerCase().includes(text)) return true;
  return candidates.some((n) => token.networkData[n]?.address.toLowerCase().includes(text) ?? false);
}

/** One row of the networkData table as typed. */
export interface NetworkRow {
  network: string;
  address: string;
  decimals: string;
}

export const EMPTY_ROW: NetworkRow = { network: '', address: '', decimals: '18' };

export function rowsOf(token: Token | undefined): NetworkRow[] {
  if (!token) return [];
  return Object.entries(token.networkData).map(([network, d]) => ({ network, address: d.address, decimals: String(d.decimals) }));
}

export interface RowErrors {
  network?: string;
  address?: string;
  decimals?: string;
}

/** Problems of each row, by index; an empty array entry means the row is fine. */
export function rowErrors(rows: readonly NetworkRow[]): RowErrors[] {
  return rows.map((row, i) => {
    const errors: RowErrors = {};
    if (row.network === '') errors.network = 'required';
    else if (rows.findIndex((r) => r.network === row.network) !== i) errors.network = 'listed twice';
    const address = normaliseAddress(row.address.trim());
    if (address === '') errors.address = 'required';
    else if (row.network !== '') {
      const problem = addressProblem(row.network, address);
      if (problem) errors.address = problem;
    }
    const decimals = Number(row.decimals);
    if (row.decimals.trim() === '' || !Number.isInteger(decimals) || decimals < 0 || decimals > 36) errors.decimals = 'an integer from 0 to 36';
    return errors;
  });
}

export { recordNameProblem as tokenNameProblem } from './recordName.ts';

/** The form's errors by field, as react-admin's form-level validate wants them. */
export function tokenFormErrors(values: { tokenName?: unknown; networks?: unknown }, creating: boolean): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  const name = typeof values.tokenName === 'string' ? values.tokenName.trim() : '';
  const nameProblem = creating ? recordNameProblem(name) : null;
  if (nameProblem) errors.tokenName = nameProblem;
  const rows = Array.isArray(values.networks) ? (values.networks as NetworkRow[]) : [];
  if (rows.length === 0) errors.tokenName ??= 'a token needs at least one network';
  const rowProblems = rowErrors(rows.map((r) => ({ network: r.network ?? '', address: String(r.address ?? ''), decimals: String(r.decimals ?? '') })));
  if (rowProblems.some((e) => Object.keys(e).length > 0)) errors.networks = rowProblems;
  return errors;
}

/** networkData as the server wants it: 0x addresses lower-cased, decimals as numbers. */
export function networkDataOf(rows: readonly NetworkRow[], previous: Token['networkData'] = {}): Token['networkData'] {
  const data: Token['networkData'] = {};
  for (const row of rows) {
    // Fields beyond address and decimals (kept by the server) survive an edit.
    data[row.network] = { ...previous[row.network], address: normaliseAddress(row.address.trim()), decimals: Number(row.decimals) };
  }
  return data;
}
