/**
 * A reader thread of the transaction list (txReaders.ts): a read-only connection to the database
 * file and the list's pages on it (sqliteTxPages).
 *
 * Requests come in batches ({requests}); every batch waiting is taken at once and answered in one
 * read transaction (one snapshot, one acquisition of SQLite's read lock instead of one per
 * statement) and one message ({answers}), each answer's bytes transferred, not copied. The
 * snapshot is taken after the requests were received, so it holds every write answered before
 * they were sent. {close: true} closes the connection after the requests before it; the thread ends.
 */
import BetterSqlite3 from 'better-sqlite3';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { tuneConnection } from './connection.ts';
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

function answer(requests: readonly ReaderPage[]): void {
  const answers: ReaderAnswer[] = [];
  const transfer: ArrayBuffer[] = [];
  db.exec('BEGIN');
  try {
    for (const { id, options } of requests) {
      try {
        const body = pages.listBody(options);
        // SQLite's BLOB comes in a buffer of its own; one sharing its memory (Node's pool) is copied.
        const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : body.slice();
        if (own.buffer instanceof ArrayBuffer) transfer.push(own.buffer);
        answers.push({ id, body: own });
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
    if ('close' in message) close = true;
    else requests.push(...message.requests);
  }
  if (requests.length > 0) answer(requests);
  if (close) {
    db.close();
    inbox.close();
  }
});
