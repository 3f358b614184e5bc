/** Settings every connection to the database takes: the store's, and the list's reader threads'. */
import type { Database } from 'better-sqlite3';

const BUSY_TIMEOUT_MS = 5000;
const PAGE_CACHE_KIB = 64 * 1024;
const MMAP_BYTES = 256 * 2 ** 20;

export function tuneConnection(db: Database): void {
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // The history is tens of MB: the default 2 MB page cache would read most pages of a list query
  // or a bulk load back from the OS by a system call each. Memory-mapped reads and a larger cache
  // keep them in memory (both are bounds, not allocations; mapped pages are shared by connections).
  db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  db.pragma(`mmap_size = ${MMAP_BYTES}`);
}
