/**
 * A reader thread of the transaction list (txReaders.ts): a read-only connection to the database
 * file and the list's pages on it (sqliteTxPages), the trades list's (sqliteJourneyPages), and the
 * stats' answers (sqliteStatsReads), each as JSON bytes.
 *
 * Requests come in batches ({requests}); every batch waiting is taken at once and answered in one
 * read transaction (one snapshot, one acquisition of SQLite's read lock instead of one per
 * statement) and one message ({answers}), each answer's bytes in a buffer transferred, not
 * copied, which comes back once sent (see `pool`). The snapshot is taken after the requests were
 * received, so it holds every write answered before they were sent. {close: true} closes the
 * connection after the requests before it; the thread ends.
 */
import BetterSqlite3 from 'better-sqlite3';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { tuneConnection } from './connection.ts';
import { sqliteJourneyPages } from './repos/journeys.ts';
import { sqliteStatsReads, statsBody } from './repos/stats.ts';
import { sqliteTxPages } from './repos/txs.ts';
import type { ReaderAnswer, ReaderData, ReaderMessage, ReaderPage, ReaderReply } from './txReaders.ts';

const port = parentPort;
if (!port) throw new Error('txReaderWorker.ts runs as a worker thread (see txReaders.ts)');
const inbox = port;
const { file } = workerData as ReaderData;

/** An error as it reaches the main thread: only a plain Error keeps its message across threads. */
const plainError = (what: string, err: unknown) => new Error(`${what}: ${err instanceof Error ? err.message : String(err)}`);

const db = (() => {
  try {
    return new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw plainError(`opening ${file}`, err);
  }
})();
tuneConnection(db);
const pages = sqliteTxPages(db);
const trades = sqliteJourneyPages(db);
const stats = sqliteStatsReads(db);

function bodyOf(request: ReaderPage): Uint8Array {
  switch (request.list) {
    case 'txs':
      return pages.listBody(request.options);
    case 'trades':
      return trades.listBody(request.options);
    case 'tradeStats':
      return statsBody(stats.trades(request.options));
    case 'statsSeries':
      return statsBody(stats.series(request.options));
  }
}

/**
 * Buffers the answers travel in, given back by the main thread once sent (ReaderMessage.returned):
 * a fresh buffer for every answer would be memory outside the main thread's heap, which V8
 * collects by full garbage collections of that heap, pausing every request (17 a second at full load).
 */
const pool: ArrayBuffer[] = [];
/** Buffers kept at most, and the largest kept: what a reader holds stays small. */
const POOL_MAX = 64;
const POOLED_BYTES_MAX = 1 << 20;
const BUFFER_BYTES_MIN = 1 << 14;

function bufferFor(bytes: number): ArrayBuffer {
  const index = pool.findIndex((buffer) => buffer.byteLength >= bytes);
  if (index >= 0) return pool.splice(index, 1)[0] as ArrayBuffer;
  // Sizes in powers of two, so that a returned buffer fits most later answers.
  return new ArrayBuffer(Math.max(BUFFER_BYTES_MIN, 2 ** Math.ceil(Math.log2(bytes))));
}

function giveBack(buffers: readonly ArrayBuffer[]): void {
  for (const buffer of buffers) {
    if (pool.length < POOL_MAX && buffer.byteLength <= POOLED_BYTES_MAX) pool.push(buffer);
  }
}

function answer(requests: readonly ReaderPage[]): void {
  const answers: ReaderAnswer[] = [];
  const transfer: ArrayBuffer[] = [];
  db.exec('BEGIN');
  try {
    for (const request of requests) {
      const { id } = request;
      try {
        const body = bodyOf(request);
        const buffer = bufferFor(body.byteLength);
        new Uint8Array(buffer).set(body);
        transfer.push(buffer);
        answers.push({ id, buffer, length: body.byteLength });
      } catch (err) {
        answers.push({ id, error: err instanceof Error ? err.message : String(err) });
      }
    }
  } finally {
    db.exec('COMMIT');
  }
  inbox.postMessage({ answers } satisfies ReaderReply, transfer);
}

inbox.on('message', (first: ReaderMessage) => {
  const requests: ReaderPage[] = [];
  let close = false;
  for (let message: ReaderMessage | undefined = first; message; message = receiveMessageOnPort(inbox)?.message as ReaderMessage | undefined) {
    if ('close' in message) {
      close = true;
    } else {
      giveBack(message.returned);
      requests.push(...message.requests);
    }
  }
  if (requests.length > 0) answer(requests);
  if (close) {
    db.close();
    inbox.close();
  }
});
