/**
 * Token picker search (§5) per keystroke over 50,000 tokens: the index of
 * src/domain/tokenSearch.ts against the naive filter that lower-cases every token on every
 * keystroke. Prints figures; never fails on time.
 *
 *   node --import tsx bench/tokenSearch.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { TOKEN_PICKER_LIMIT } from '../src/config/constants.ts';
import { NETWORKS } from '../src/config/networks.ts';
import { BUILTIN_TOKENS } from '../src/config/tokens.ts';
import {
  buildTokenEntries, createTokenIndex, parseTokenQuery, searchTokens, type TokenEntry, type TokenSearchResult,
} from '../src/domain/tokenSearch.ts';
import type { BenchResult } from './types.ts';
import { createRng } from '../server/src/lib/rng.ts';


const TOKEN_COUNT = 50_000;
const ROUNDS = 5;
/** The budget: well under 2 ms per keystroke. */
const KEYSTROKE_TARGET = '< 2 ms';


/** The built-in list plus generated tokens on every network but ATA, up to 50,000. */
export function syntheticTokens(count = TOKEN_COUNT, seed = 1): TokenEntry[] {
  const rng = createRng(seed);
  const random = () => rng.next();
  const networks = NETWORKS.filter((n) => n !== 'ATA');
  const entries = buildTokenEntries(BUILTIN_TOKENS, {});
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  while (entries.length < count) {
    const network = networks[Math.floor(random() * networks.length)] ?? 'Ethereum';
    let name = '';
    for (let i = 3 + Math.floor(random() * 5); i > 0; i--) name += letters[Math.floor(random() * letters.length)];
    let address: string;
    if (network === 'Solana') {
      address = '';
      for (let i = 0; i < 44; i++) address += base58[Math.floor(random() * base58.length)];
    } else {
      address = '0x';
      for (let i = 0; i < 40; i++) address += Math.floor(random() * 16).toString(16);
    }
    entries.push({ tokenName: name, network_name: network, address, decimals: 18 });
  }
  return entries;
}

/** The obvious implementation: recompute lower-case per token on every keystroke. */
export function naiveSearch(entries: readonly TokenEntry[], query: string): TokenSearchResult {
  const { text, network } = parseTokenQuery(query);
  const matches = entries.filter(
    (e) =>
      (e.tokenName.toLowerCase().includes(text) || e.address.toLowerCase().includes(text)) &&
      e.network_name.toLowerCase().startsWith(network),
  );
  return { shown: matches.slice(0, TOKEN_PICKER_LIMIT), total: matches.length };
}

/** What operators type, one keystroke at a time: names, names with a network, address fragments. */
function keystrokes(entries: readonly TokenEntry[]): string[] {
  const rng = createRng(7);
  const random = () => rng.next();
  const typed = ['usdc', 'weth arb', '0xa0b86991c6', 'link base', 'pepe', 'uni pol', '0x4200000', 'aave op', 'dai ethereum', 'wbtc'];
  for (let i = 0; i < 30; i++) {
    const e = entries[Math.floor(random() * entries.length)] as TokenEntry;
    const pick = random();
    if (pick < 0.4) typed.push(e.tokenName.toLowerCase());
    else if (pick < 0.7) typed.push(`${e.tokenName.slice(0, 3).toLowerCase()} ${e.network_name.slice(0, 3).toLowerCase()}`);
    else {
      const at = 2 + Math.floor(random() * 20);
      typed.push(e.address.slice(at, at + 8));
    }
  }
  return typed.flatMap((query) => Array.from({ length: query.length }, (_, i) => query.slice(0, i + 1)));
}

function stats(samples: number[]): { mean: number; p50: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { mean: samples.reduce((s, x) => s + x, 0) / samples.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

function time(queries: readonly string[], search: (q: string) => TokenSearchResult): number[] {
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of queries) {
      const started = performance.now();
      search(query);
      samples.push(performance.now() - started);
    }
  }
  return samples;
}

export async function run(): Promise<BenchResult[]> {
  const entries = syntheticTokens();
  const buildStarted = performance.now();
  const index = createTokenIndex(entries);
  const buildMs = performance.now() - buildStarted;
  const queries = keystrokes(entries);

  for (const query of queries) {
    const a = searchTokens(index, query);
    const b = naiveSearch(entries, query);
    if (a.total !== b.total || a.shown.some((e, i) => e !== b.shown[i])) throw new Error(`index and naive search disagree on "${query}"`);
  }

  const indexed = stats(time(queries, (q) => searchTokens(index, q)));
  const naive = stats(time(queries, (q) => naiveSearch(entries, q)));
  return [
    { name: `tokenSearch index build (${entries.length} tokens)`, figure: buildMs, unit: 'ms' },
    { name: 'tokenSearch per keystroke, indexed, mean', figure: indexed.mean, unit: 'ms', target: KEYSTROKE_TARGET, ratio: naive.mean / indexed.mean },
    { name: 'tokenSearch per keystroke, indexed, p99', figure: indexed.p99, unit: 'ms', target: KEYSTROKE_TARGET, ratio: naive.p99 / indexed.p99 },
    { name: 'tokenSearch per keystroke, indexed, max', figure: indexed.max, unit: 'ms' },
    { name: 'tokenSearch per keystroke, naive baseline, mean', figure: naive.mean, unit: 'ms' },
    { name: 'tokenSearch per keystroke, naive baseline, p99', figure: naive.p99, unit: 'ms' },
    { name: `tokenSearch keystrokes measured`, figure: queries.length * ROUNDS, unit: 'count' },
  ];
}

export function printResults(results: readonly BenchResult[]): void {
  for (const r of results) {
    const extra = [r.target === undefined ? '' : `target ${r.target}`, r.ratio === undefined ? '' : `${r.ratio.toFixed(1)}× faster than naive`]
      .filter(Boolean)
      .join(', ');
    console.log(`${r.name.padEnd(52)} ${r.figure.toFixed(r.unit === 'count' ? 0 : 4).padStart(12)} ${r.unit}${extra ? `  (${extra})` : ''}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printResults(await run());
}
