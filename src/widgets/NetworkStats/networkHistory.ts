/**
 * Each network's gas, balance and block interval over the last hour, for the Gas and balances
 * sparklines. Backfilled once per network from GET /api/stats/series, then extended from the live
 * store: it is told at most once per frame (liveStore), and each sparkline redraws at most once per
 * frame (src/charts), whatever the event rate. A line takes at most a point every MIN_STEP_MS; a
 * value that does not change is appended again every SAMPLE_MS so the line reaches the present.
 */
import { createSparkSeries, type SparkSeries } from '../../charts/sparkSeries.ts';
import { liveStore } from '../../realtime/index.ts';
import { SERIES_SAMPLE_MS } from '../../config/stats.ts';

export const HISTORY_WINDOW_MS = 3_600_000;

/**
 * bench/sparklines.bench.ts: localStorage "bench:noSparklines" = "1" shows the table without its
 * sparklines (and follows nothing), the console as it was before them, measured in the same run.
 */
export const NO_SPARKLINES_KEY = 'bench:noSparklines';
export const sparklinesOff: boolean = (() => {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(NO_SPARKLINES_KEY) === '1';
  } catch {
    return false;
  }
})();
const SAMPLE_MS = 10_000;
/**
 * At most one point per SERIES_SAMPLE_MS (10 s) per line, the server's own sampling of the same
 * series: an hour is 64 px wide (56 s a pixel), so faster points draw nothing more, and a busy feed
 * then costs 3 redraws a second for 30 lines (one a second each cost Home's event-to-paint at
 * 2,500 events/s: bench/sparklines.bench.ts).
 */
const MIN_STEP_MS = SERIES_SAMPLE_MS;
/** Backfill requests in flight at once (3 per network, 22 networks). */
const BACKFILL_CONCURRENCY = 4;

export const HISTORY_KINDS = ['gas', 'balance', 'blockInterval'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** What the backfill asks the server; resolves null when the backend has no stats extension (404). */
export type FetchSeries = (kind: HistoryKind, network: string, from: number, to: number) => Promise<readonly (readonly [number, number])[] | null>;

const series = new Map<string, SparkSeries>();
const lastAppend = new Map<string, { t: number; value: number }>();
const lastHead = new Map<string, number>();
const backfilled = new Set<string>();
let users = 0;
let unsubscribe: (() => void) | null = null;
/** null: not known yet; false: the backend answered 404 (the lines start when the page opened). */
let backendKeepsHistory: boolean | null = null;
const statusListeners = new Set<() => void>();
const queue: (() => Promise<void>)[] = [];

function setKeepsHistory(value: boolean) {
  if (backendKeepsHistory === value) return;
  backendKeepsHistory = value;
  statusListeners.forEach((l) => l());
}

/** For useSyncExternalStore with keepsHistory. */
export function subscribeHistoryStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}
let running = 0;

const keyOf = (kind: HistoryKind, network: string) => `${kind}|${network}`;

export function historyOf(kind: HistoryKind, network: string): SparkSeries {
  const key = keyOf(kind, network);
  let found = series.get(key);
  if (!found) {
    found = createSparkSeries({ windowMs: HISTORY_WINDOW_MS });
    series.set(key, found);
  }
  return found;
}

function record(kind: HistoryKind, network: string, t: number, value: number, always: boolean) {
  const key = keyOf(kind, network);
  const last = lastAppend.get(key);
  if (last && t - last.t < (!always && last.value === value ? SAMPLE_MS : MIN_STEP_MS)) return;
  lastAppend.set(key, { t, value });
  historyOf(kind, network).append(t, value);
}

function onPublish() {
  const s = liveStore.getSnapshot();
  const now = Date.now();
  for (const [network, gas] of Object.entries(s.gasEstimate)) record('gas', network, now, gas, false);
  for (const [network, balance] of Object.entries(s.balance)) record('balance', network, now, balance, false);
  for (const [network, head] of Object.entries(s.newHeads)) {
    const before = lastHead.get(network);
    if (before === head.changedAt) continue;
    lastHead.set(network, head.changedAt);
    if (before !== undefined && head.changedAt > before) record('blockInterval', network, head.changedAt, head.changedAt - before, true);
  }
}

function pump() {
  while (running < BACKFILL_CONCURRENCY && queue.length > 0) {
    const job = queue.shift()!;
    running++;
    void job().finally(() => {
      running--;
      pump();
    });
  }
}

/** Fetches the last hour of this network's three series once (per page), before the live points. */
export function backfill(network: string, fetchSeries: FetchSeries): void {
  if (sparklinesOff || backfilled.has(network) || backendKeepsHistory === false) return;
  backfilled.add(network);
  const to = Date.now();
  for (const kind of HISTORY_KINDS) {
    queue.push(async () => {
      if (backendKeepsHistory === false) return;
      try {
        const points = await fetchSeries(kind, network, to - HISTORY_WINDOW_MS, to);
        if (points === null) {
          setKeepsHistory(false);
          return;
        }
        setKeepsHistory(true);
        historyOf(kind, network).prepend(points);
      } catch {
        // Not fatal: the line starts with the live points (apiFetch has logged the failure, §8).
        backfilled.delete(network);
      }
    });
  }
  pump();
}

/** false once the backend said it keeps no history (404): the lines then start when the page opened. */
export function keepsHistory(): boolean | null {
  return backendKeepsHistory;
}

/** Follows the live store while at least one caller has not called the returned stop (an effect's cleanup). */
export function followLive(): () => void {
  if (sparklinesOff) return () => undefined;
  users++;
  if (!unsubscribe) {
    unsubscribe = liveStore.subscribe(onPublish);
    onPublish();
  }
  return () => {
    users--;
    if (users === 0 && unsubscribe) {
      unsubscribe();
      unsubscribe = null;
    }
  };
}
