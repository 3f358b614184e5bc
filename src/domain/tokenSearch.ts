/**
 * §3 Token entry and §5 token search for the quote widget's token picker.
 *
 * The search has to stay well under 2 ms per keystroke over 50,000 tokens, so the list is indexed
 * once: lower-cased "name\0address" strings plus posting lists of the entries containing each
 * character and each character pair. A query picks its rarest pair's list as candidates and checks
 * only those with `includes`, instead of scanning every token on every keystroke.
 */
import { TOKEN_PICKER_LIMIT } from '../config/constants.ts';

/** §3: tokenName, network_name, address (lower-cased if it starts with 0x), decimals. */
export interface TokenEntry {
  tokenName: string;
  network_name: string;
  address: string;
  decimals: number;
}

export interface TokenSearchResult {
  /** The first matches in list order, at most the limit (§2: 20). */
  shown: TokenEntry[];
  /** How many tokens match in all. */
  total: number;
}

/** A built-in entry: [name, address, decimals]. */
export type TokenTriple = readonly [name: string, address: string, decimals: number];

/** The slice of an allTokens entry the token list reads. */
export interface NetworkDataSource {
  tokenName: string;
  networkData: Readonly<Record<string, { address: string; decimals: number }>>;
}

/** §3: network whose allTokens entries are not quotable tokens. */
export const SKIPPED_NETWORK = 'ATA';

/** §3: EVM addresses are compared lower-cased; others (Solana, TON, Tron) keep their case. */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim();
  return /^0x/i.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

/**
 * §3: the built-in list merged with allTokens networkData (ATA skipped). Built-in entries keep
 * their place; an allTokens entry for the same network and address replaces the built-in one's name
 * (the operators' tokenName is what pool keys use), others are appended in allTokens order.
 */
export function buildTokenEntries(
  builtin: Readonly<Record<string, readonly TokenTriple[]>>,
  allTokens: Readonly<Record<string, NetworkDataSource>>,
): TokenEntry[] {
  const entries: TokenEntry[] = [];
  const byKey = new Map<string, number>();
  const put = (entry: TokenEntry, replace: boolean) => {
    const key = `${entry.network_name}\u0000${entry.address}`;
    const at = byKey.get(key);
    if (at === undefined) {
      byKey.set(key, entries.length);
      entries.push(entry);
    } else if (replace) {
      entries[at] = entry;
    }
  };
  for (const [network, list] of Object.entries(builtin)) {
    if (network === SKIPPED_NETWORK) continue;
    for (const [name, address, decimals] of list) {
      put({ tokenName: name, network_name: network, address: normaliseAddress(address), decimals }, false);
    }
  }
  for (const token of Object.values(allTokens)) {
    for (const [network, data] of Object.entries(token.networkData)) {
      if (network === SKIPPED_NETWORK || !data || typeof data.address !== 'string' || data.address === '') continue;
      if (!Number.isInteger(data.decimals) || data.decimals < 0) continue;
      put({ tokenName: token.tokenName, network_name: network, address: normaliseAddress(data.address), decimals: data.decimals }, true);
    }
  }
  return entries;
}

/** §5: "text network" — split on a space into a text/address part and a network prefix part. */
export function parseTokenQuery(query: string): { text: string; network: string } {
  const cut = query.indexOf(' ');
  // NUL separates name from address in the index, so it can never be part of a search.
  const text = (cut < 0 ? query : query.slice(0, cut)).replaceAll('\u0000', '').trim().toLowerCase();
  const network = (cut < 0 ? '' : query.slice(cut + 1)).trim().toLowerCase();
  return { text, network };
}

/** Characters above this share one bucket: candidates stay a superset, `includes` decides. */
const MAX_CODE = 127;
const PAIR_CODES = (MAX_CODE + 1) * (MAX_CODE + 1);

/** Posting lists in CSR form: the entries of code c are ids[start[c] .. start[c + 1]), ascending. */
interface Postings {
  start: Int32Array;
  ids: Int32Array;
}

export interface TokenIndex {
  readonly entries: readonly TokenEntry[];
  /** "name\0address" lower-cased, per entry. */
  readonly haystacks: readonly string[];
  /** Network id per entry. */
  readonly networkOf: Uint16Array;
  /** Lower-cased network names by id. */
  readonly networks: readonly string[];
  readonly networkSizes: Int32Array;
  readonly singles: Postings;
  readonly pairs: Postings;
}

const code = (s: string, i: number) => {
  const c = s.charCodeAt(i);
  return c > MAX_CODE ? MAX_CODE : c;
};

/** Build the index once per token list (tens of ms for 50,000 tokens; see bench/tokenSearch.bench.ts). */
export function createTokenIndex(entries: readonly TokenEntry[]): TokenIndex {
  const n = entries.length;
  const haystacks = new Array<string>(n);
  const networkOf = new Uint16Array(n);
  const networkIds = new Map<string, number>();
  const networks: string[] = [];
  for (let i = 0; i < n; i++) {
    const entry = entries[i] as TokenEntry;
    haystacks[i] = `${entry.tokenName.toLowerCase()}\u0000${entry.address.toLowerCase()}`;
    let id = networkIds.get(entry.network_name);
    if (id === undefined) {
      id = networks.length;
      networkIds.set(entry.network_name, id);
      networks.push(entry.network_name.toLowerCase());
    }
    networkOf[i] = id;
  }
  const networkSizes = new Int32Array(networks.length);
  for (let i = 0; i < n; i++) networkSizes[networkOf[i] as number]! += 1;
  return {
    entries,
    haystacks,
    networkOf,
    networks,
    networkSizes,
    singles: buildPostings(haystacks, false),
    pairs: buildPostings(haystacks, true),
  };
}

/**
 * Posting lists of every code (a character, or a pair of characters) in the haystacks. One pass
 * collects each entry's distinct codes and counts them; the lists are then filled from that.
 */
function buildPostings(haystacks: readonly string[], pairs: boolean): Postings {
  const codes = pairs ? PAIR_CODES : MAX_CODE + 1;
  const span = pairs ? 1 : 0;
  const counts = new Int32Array(codes + 1);
  // seen[c] = the last entry (plus one) that listed code c
  const seen = new Int32Array(codes);
  let total = 0;
  for (const h of haystacks) total += h.length;
  const entryCodes = new Int32Array(total);
  const entryEnd = new Int32Array(haystacks.length);
  let used = 0;
  for (let i = 0; i < haystacks.length; i++) {
    const h = haystacks[i] as string;
    const stamp = i + 1;
    let previous = h.length > 0 ? code(h, 0) : 0;
    for (let k = span; k < h.length; k++) {
      const current = code(h, k);
      const c = pairs ? previous * (MAX_CODE + 1) + current : current;
      previous = current;
      if (seen[c] === stamp) continue;
      seen[c] = stamp;
      counts[c + 1]! += 1;
      entryCodes[used++] = c;
    }
    entryEnd[i] = used;
  }
  const start = new Int32Array(codes + 1);
  for (let c = 0; c < codes; c++) start[c + 1] = (start[c] as number) + (counts[c + 1] as number);
  const ids = new Int32Array(start[codes] as number);
  const fill = start.slice(0, codes);
  let k = 0;
  for (let i = 0; i < haystacks.length; i++) {
    const end = entryEnd[i] as number;
    for (; k < end; k++) ids[fill[entryCodes[k] as number]!++] = i;
  }
  return { start, ids };
}

/**
 * §5 token search: entries whose tokenName or address contains the text part
 * (case-insensitive) and whose network_name starts with the network part. Returns the first
 * `limit` in list order and the total count.
 */
export function searchTokens(index: TokenIndex, query: string, limit = TOKEN_PICKER_LIMIT): TokenSearchResult {
  const { text, network } = parseTokenQuery(query);
  const selected = new Uint8Array(index.networks.length);
  let selectedSize = 0;
  let allSelected = true;
  index.networks.forEach((name, id) => {
    if (name.startsWith(network)) {
      selected[id] = 1;
      selectedSize += index.networkSizes[id] as number;
    } else {
      allSelected = false;
    }
  });

  const shown: TokenEntry[] = [];
  if (text === '') {
    for (let i = 0; i < index.entries.length && shown.length < limit; i++) {
      if (selected[index.networkOf[i] as number]) shown.push(index.entries[i] as TokenEntry);
    }
    return { shown, total: selectedSize };
  }

  const { ids, from, to } = candidates(index, text);
  // A 1- or 2-character ASCII text's posting list is exactly the matching entries; otherwise the
  // list is a superset that includes() narrows.
  const exact = text.length <= 2 && isPlainAscii(text);
  if (exact && allSelected) {
    for (let k = from; k < to && shown.length < limit; k++) shown.push(index.entries[ids[k] as number] as TokenEntry);
    return { shown, total: to - from };
  }
  let total = 0;
  for (let k = from; k < to; k++) {
    const i = ids[k] as number;
    if (!selected[index.networkOf[i] as number]) continue;
    if (!exact && !(index.haystacks[i] as string).includes(text)) continue;
    total += 1;
    if (shown.length < limit) shown.push(index.entries[i] as TokenEntry);
  }
  return { shown, total };
}

/** Intersecting two lists pays only when they are of similar size (a dense list filters little). */
const INTERSECT_MIN = 512;
const INTERSECT_MAX_RATIO = 4;

/**
 * A list of entries that must contain every match of text: the posting list of its rarest
 * character pair, intersected with the next rarest when both are long and of similar size.
 */
function candidates(index: TokenIndex, text: string): { ids: Int32Array; from: number; to: number } {
  if (text.length === 1) return listOf(index.singles, code(text, 0));
  const { start } = index.pairs;
  const size = (c: number) => (start[c + 1] as number) - (start[c] as number);
  const codes = new Set<number>();
  for (let k = 0; k + 1 < text.length; k++) codes.add(code(text, k) * (MAX_CODE + 1) + code(text, k + 1));
  const [rarest = 0, next] = [...codes].sort((x, y) => size(x) - size(y));
  const a = listOf(index.pairs, rarest);
  if (next === undefined || a.to - a.from < INTERSECT_MIN || size(next) > INTERSECT_MAX_RATIO * (a.to - a.from)) return a;
  const b = listOf(index.pairs, next);
  const both = new Int32Array(a.to - a.from);
  let n = 0;
  let j = b.from;
  for (let k = a.from; k < a.to; k++) {
    const id = a.ids[k] as number;
    while (j < b.to && (b.ids[j] as number) < id) j++;
    if (j < b.to && b.ids[j] === id) both[n++] = id;
  }
  return { ids: both, from: 0, to: n };
}

function listOf(postings: Postings, c: number): { ids: Int32Array; from: number; to: number } {
  return { ids: postings.ids, from: postings.start[c] as number, to: postings.start[c + 1] as number };
}

function isPlainAscii(text: string): boolean {
  for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) >= MAX_CODE) return false;
  return true;
}
