/**
 * The transaction list's reads on reader threads (and the trades list's, GET /trades/, which is
 * built the same way: repos/journeys.ts). A page of GET /txs/ is mostly SQLite's work
 * (the index walk, the rows' stored JSON); on the store's connection it runs on the thread that
 * also parses, routes and answers every HTTP request, so the list could use one core at most.
 * Here each reader thread holds its own read-only connection to the database file and answers
 * pages (sqliteTxPages), while the main thread keeps HTTP and every write.
 *
 * What a reader sees: SQLite in WAL mode gives each read the transactions committed when it
 * starts, never part of one, so a page read after a write's answer was sent shows that write;
 * the readers' cached totals and token names are keyed by the connection's data_version, which
 * moves whenever another connection commits. A request goes to the reader with the fewest in
 * flight. A reader that fails (or whose request fails) hands its requests to `fallback`, the same
 * read on the store's connection, and is reported through `onFailure`; none is restarted.
 *
 * The stats' answers (GET /stats/trades and /stats/series, repos/stats.ts) are read here too: a
 * long range is a long walk of an index, which on the main thread would hold every other request
 * up (docs/protocol.md "Stats"). They wait in a queue of their own on this thread and go to at
 * most `statsLanes` readers at once, one each, so with two readers or more one is always free of
 * them for the lists' pages. A stats request aborted while it waits is dropped; one a reader has
 * been sent runs to its end (SQLite cannot be stopped from another thread), which the lanes bound.
 */
import { Worker } from 'node:worker_threads';
import type { TradeListOptions } from './repos/journeys.ts';
import type { SeriesOptions, TradeStatsOptions } from './repos/stats.ts';
import type { TxListOptions } from './repos/txs.ts';

export interface ReaderData {
  /** The database file. */
  file: string;
  /** txReaderWorker.ts, as a file URL. */
  entry: string;
}

/**
 * A page of GET /txs/, or of GET /trades/ (repos/journeys.ts), which the readers answer the same
 * way; or the answer of GET /stats/trades or /stats/series (repos/stats.ts), as bytes too.
 */
export type ReaderPage =
  | { id: number; list: 'txs'; options: TxListOptions }
  | { id: number; list: 'trades'; options: TradeListOptions }
  | { id: number; list: 'tradeStats'; options: TradeStatsOptions }
  | { id: number; list: 'statsSeries'; options: SeriesOptions };

/** To a reader: the requests of one turn of the event loop and the buffers sent since, or the end. */
export type ReaderMessage = { requests: ReaderPage[]; returned: ArrayBuffer[] } | { close: true };

/** An answer's bytes: the first `length` of a buffer that moves between the threads (transferred). */
export type ReaderAnswer = { id: number; buffer: ArrayBuffer; length: number } | { id: number; error: string };

/** From a reader: the answers of one batch. */
export interface ReaderReply {
  answers: ReaderAnswer[];
}

export interface TxReaders {
  listBody(options: TxListOptions): Promise<Uint8Array>;
  /** A page of GET /trades/, as repos/journeys.ts writes it; given back with release like the others. */
  tradesBody(options: TradeListOptions): Promise<Uint8Array>;
  /**
   * GET /stats/trades' answer, as repos/stats.ts writes it, given back with release. It waits its
   * turn among the stats (see above); aborted while it waits, it is dropped and rejects with the
   * signal's reason.
   */
  tradeStatsBody(options: TradeStatsOptions, signal?: AbortSignal): Promise<Uint8Array>;
  /** GET /stats/series' answer, likewise. */
  statsSeriesBody(options: SeriesOptions, signal?: AbortSignal): Promise<Uint8Array>;
  /**
   * A body of listBody has been sent and will not be read again: its buffer goes back to its
   * reader for a later answer (and reads as empty here once sent, at the end of this turn). Bodies not given back are collected.
   */
  release(body: Uint8Array): void;
  /** Answers the requests already sent, then ends the threads. */
  close(): Promise<void>;
}

export interface TxReaderOptions {
  file: string;
  threads: number;
  /** The same read on the store's connection: for the requests of a reader that failed. */
  fallback: (options: TxListOptions) => Promise<Uint8Array>;
  /** Likewise for the pages of GET /trades/; without it, they are never sent to a reader. */
  tradesFallback?: (options: TradeListOptions) => Promise<Uint8Array>;
  /** Likewise for the stats' answers; without it, they are never sent to a reader. */
  statsFallback?: StatsFallback;
  onFailure?: (err: Error) => void;
}

/** The stats' answers on the store's connection (repos/stats.ts tradesBody, seriesBody). */
export interface StatsFallback {
  trades: (options: TradeStatsOptions, signal?: AbortSignal) => Promise<Uint8Array>;
  series: (options: SeriesOptions, signal?: AbortSignal) => Promise<Uint8Array>;
}

/** Readers answering stats at once: all but one (at least one), so a list page always has one free of them. */
export const statsLanes = (threads: number): number => Math.max(1, threads - 1);

/** Reader threads by default (TX_READERS). */
export const TX_READERS_DEFAULT = 2;
/** More threads than cores only share them; this bounds a typo. */
export const TX_READERS_MAX = 16;

/** A reader that does not end this long after it was asked to is ended. */
const CLOSE_TIMEOUT_MS = 10_000;

const BOOT = new URL('../lib/workerBoot.mjs', import.meta.url);
const ENTRY = new URL('./txReaderWorker.ts', import.meta.url).href;

interface Pending {
  request: DistributiveOmit<ReaderPage, 'id'>;
  resolve: (body: Uint8Array) => void;
  reject: (err: Error) => void;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

type StatsRequest = Extract<Pending['request'], { list: 'tradeStats' | 'statsSeries' }>;

/** A stats request waiting for a lane. */
interface StatsWaiting {
  request: StatsRequest;
  resolve: (body: Uint8Array) => void;
  reject: (err: Error) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

interface Reader {
  worker: Worker;
  /** Sent or waiting to be: every request not yet answered. */
  pending: Map<number, Pending>;
  /** Stats requests among them (at most one while stats wait: see statsLanes). */
  stats: number;
  /** Requests of this turn of the event loop, sent together when it ends. */
  outbox: ReaderPage[];
  /** Buffers given back in this turn, sent with the requests. */
  returned: ArrayBuffer[];
  alive: boolean;
  exited: Promise<void>;
}

export function startTxReaders({ file, threads, fallback, tradesFallback, statsFallback, onFailure }: TxReaderOptions): TxReaders {
  let nextId = 1;
  const lanes = statsLanes(threads);
  const statsWaiting: StatsWaiting[] = [];
  let statsRunning = 0;
  let closing = false;
  let flushing: NodeJS.Immediate | undefined;
  /** The reader each answer's buffer came from. */
  const owners = new WeakMap<ArrayBufferLike, Reader>();
  const readOnStore = (request: Pending['request'], signal?: AbortSignal): Promise<Uint8Array> => {
    switch (request.list) {
      case 'txs':
        return fallback(request.options);
      case 'trades':
        if (!tradesFallback) return Promise.reject(new Error('trades pages asked of the readers without a fallback'));
        return tradesFallback(request.options);
      case 'tradeStats':
      case 'statsSeries':
        if (!statsFallback) return Promise.reject(new Error('stats asked of the readers without a fallback'));
        return request.list === 'tradeStats' ? statsFallback.trades(request.options, signal) : statsFallback.series(request.options, signal);
    }
  };
  const retry = (pending: Pending) => readOnStore(pending.request).then(pending.resolve, pending.reject);
  const lose = (reader: Reader, err: Error) => {
    if (!reader.alive) return;
    reader.alive = false;
    if (!closing || reader.pending.size > 0) onFailure?.(err);
    const pending = [...reader.pending.values()];
    reader.pending.clear();
    reader.outbox = [];
    reader.returned = [];
    for (const request of pending) void retry(request);
  };
  const readers = Array.from({ length: threads }, (): Reader => {
    const worker = new Worker(BOOT, { workerData: { file, entry: ENTRY } satisfies ReaderData });
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const reader: Reader = { worker, pending: new Map(), stats: 0, outbox: [], returned: [], alive: true, exited };
    worker.on('message', ({ answers }: ReaderReply) => {
      for (const answer of answers) {
        const request = reader.pending.get(answer.id);
        if (!request) continue;
        reader.pending.delete(answer.id);
        if ('buffer' in answer) {
          owners.set(answer.buffer, reader);
          request.resolve(Buffer.from(answer.buffer, 0, answer.length));
        } else {
          onFailure?.(new Error(`reader thread: ${answer.error}`));
          void retry(request);
        }
      }
    });
    worker.on('error', (err: unknown) => lose(reader, err instanceof Error && err.message !== '' ? err : new Error(`reader thread: ${JSON.stringify(err)}`)));
    worker.on('exit', (code) => lose(reader, new Error(`reader thread ended (exit code ${code})`)));
    return reader;
  });
  // One message a reader per turn of the event loop, however many requests it carries: a message
  // wakes the reader's thread, which is most of what it costs.
  const flush = () => {
    flushing = undefined;
    for (const reader of readers) {
      if (!reader.alive || reader.outbox.length + reader.returned.length === 0) continue;
      reader.worker.postMessage({ requests: reader.outbox, returned: reader.returned } satisfies ReaderMessage, reader.returned);
      reader.outbox = [];
      reader.returned = [];
    }
  };

  /** The live reader with the fewest requests in flight; for stats, among those with the fewest stats. */
  const choose = (forStats: boolean): Reader | undefined => {
    let chosen: Reader | undefined;
    for (const reader of readers) {
      if (!reader.alive) continue;
      const better =
        !chosen || (forStats && reader.stats !== chosen.stats ? reader.stats < chosen.stats : reader.pending.size < chosen.pending.size);
      if (better) chosen = reader;
    }
    return chosen;
  };

  const send = (reader: Reader, request: Pending['request'], resolve: Pending['resolve'], reject: Pending['reject']) => {
    const id = nextId++;
    reader.pending.set(id, { request, resolve, reject });
    reader.outbox.push({ id, ...request } as ReaderPage);
    flushing ??= setImmediate(flush);
  };

  const ask = (request: Pending['request']): Promise<Uint8Array> => {
    const reader = choose(false);
    if (!reader || closing) return readOnStore(request);
    return new Promise<Uint8Array>((resolve, reject) => send(reader, request, resolve, reject));
  };

  /** Sends waiting stats requests while a lane is free: each to the reader with the fewest stats. */
  const pumpStats = () => {
    while (statsRunning < lanes && statsWaiting.length > 0) {
      const waiting = statsWaiting.shift() as StatsWaiting;
      waiting.signal?.removeEventListener('abort', waiting.onAbort);
      const reader = choose(true);
      if (!reader || closing) {
        readOnStore(waiting.request, waiting.signal).then(waiting.resolve, waiting.reject);
        continue;
      }
      statsRunning++;
      reader.stats++;
      // The lane is free again once the reader answered, or once the store's connection did for a reader that failed.
      const done = () => {
        statsRunning--;
        reader.stats--;
        pumpStats();
      };
      send(
        reader,
        waiting.request,
        (body) => {
          done();
          waiting.resolve(body);
        },
        (err) => {
          done();
          waiting.reject(err);
        },
      );
    }
  };

  const askStats = (request: StatsRequest, signal: AbortSignal | undefined): Promise<Uint8Array> => {
    if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (!statsFallback || closing || !choose(true)) return readOnStore(request, signal);
    return new Promise<Uint8Array>((resolve, reject) => {
      const waiting: StatsWaiting = {
        request,
        resolve,
        reject,
        signal,
        onAbort: () => {
          const index = statsWaiting.indexOf(waiting);
          if (index < 0) return;
          statsWaiting.splice(index, 1);
          reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
        },
      };
      signal?.addEventListener('abort', waiting.onAbort, { once: true });
      statsWaiting.push(waiting);
      pumpStats();
    });
  };

  return {
    listBody: (options) => ask({ list: 'txs', options }),
    tradesBody: (options) => ask({ list: 'trades', options }),
    tradeStatsBody: (options, signal) => askStats({ list: 'tradeStats', options }, signal),
    statsSeriesBody: (options, signal) => askStats({ list: 'statsSeries', options }, signal),
    release: (body) => {
      const reader = owners.get(body.buffer);
      if (!reader?.alive || closing || !(body.buffer instanceof ArrayBuffer)) return;
      owners.delete(body.buffer);
      reader.returned.push(body.buffer);
      flushing ??= setImmediate(flush);
    },
    close: async () => {
      closing = true;
      // Stats still waiting for a lane are read on the store's connection, which closes after the readers.
      for (const waiting of statsWaiting.splice(0)) {
        waiting.signal?.removeEventListener('abort', waiting.onAbort);
        readOnStore(waiting.request, waiting.signal).then(waiting.resolve, waiting.reject);
      }
      if (flushing) clearImmediate(flushing);
      flush();
      await Promise.all(
        readers.map(async (reader) => {
          if (!reader.alive) return;
          reader.worker.postMessage({ close: true } satisfies ReaderMessage);
          const timer = setTimeout(() => void reader.worker.terminate(), CLOSE_TIMEOUT_MS);
          await reader.exited;
          clearTimeout(timer);
        }),
      );
    },
  };
}
