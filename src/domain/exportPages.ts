/**
 * The rows of an export, read page after page: every row the list's filter matches, up to a cap,
 * each once. A list sorted newest first gains rows at its top while it is read, which pushes rows
 * already read onto the next page; they are recognised by their id and kept once.
 */

/** One page of a list, as a data provider's getList answers it. */
export interface ListPage<R> {
  data: readonly R[];
  /** How many rows the filter matches now; unknown: read until a page is short. */
  total?: number;
}

export interface ExportPagesOptions<R extends { id: unknown }> {
  /** Page `page` (1-based) of `perPage` rows, in the list's filter and sort. */
  fetchPage: (page: number, perPage: number) => Promise<ListPage<R>>;
  pageSize: number;
  /** At most this many rows are read. */
  maxRows: number;
  /** After each page: the rows read so far, and how many the export will hold (the total, at most the cap). */
  onProgress?: (done: number, total: number) => void;
  /** Aborted: the export stops at once, rejecting with the signal's reason, and reads no further page. */
  signal?: AbortSignal;
}

/** The page's answer, or the signal's reason as soon as it is aborted (a page in flight is not waited for). */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * Reads pages 1, 2, … until it holds every row (the latest total, at most `maxRows`), a page comes
 * back short or brings no row not already read. Rejects with a page's own error, so the caller can
 * say what failed. Resolves with the rows in the list's order.
 */
export async function readExportPages<R extends { id: unknown }>(options: ExportPagesOptions<R>): Promise<R[]> {
  const { fetchPage, pageSize, maxRows, onProgress, signal } = options;
  const rows: R[] = [];
  const seen = new Set<unknown>();
  for (let page = 1; rows.length < maxRows; page++) {
    // Aborted between two pages: the next one is never asked for.
    signal?.throwIfAborted();
    const answer = await unlessAborted(fetchPage(page, pageSize), signal);
    const before = rows.length;
    for (const row of answer.data) {
      if (rows.length >= maxRows) break;
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
    const wanted = Math.min(answer.total ?? maxRows, maxRows);
    onProgress?.(rows.length, Math.max(wanted, rows.length));
    // A short page is the list's end. A page of rows all read already means the list moved by a whole
    // page or more, or a server that repeats itself: read on and the export might never end.
    if (rows.length >= wanted || answer.data.length < pageSize || rows.length === before) break;
  }
  return rows;
}
