/**
 * The database schema as the migrations leave it, as text: every CREATE statement SQLite keeps for
 * a freshly migrated database (sqlite_master), one per block, each table followed by its indexes.
 * The migrations say how the schema came to be, tables rebuilt or altered over several of them
 * (txs in migrations 4, 7 and 10); server/src/db/schema.sql, written from this by
 * scripts/schemaSnapshot.ts, says what it is now, and tests/server/schema.test.ts keeps the two in
 * step.
 */
import BetterSqlite3 from 'better-sqlite3';
import { migrate } from './migrations.ts';

/** The snapshot file, from the repository's root. */
export const SCHEMA_SNAPSHOT_FILE = 'server/src/db/schema.sql';
/** How to write it again after a new migration. */
export const SCHEMA_SNAPSHOT_COMMAND = 'node --import tsx scripts/schemaSnapshot.ts';

const HEADER = [
  `-- The database schema after every migration of server/src/db/migrations.ts, as SQLite keeps it.`,
  `-- Generated: do not edit. After adding a migration, run: ${SCHEMA_SNAPSHOT_COMMAND}`,
].join('\n');

/** Each table, then its indexes by name ('table' sorts after 'index', hence DESC). */
const SCHEMA_QUERY = "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY tbl_name, type DESC, name";

/**
 * A statement as SQLite keeps it (the text of its CREATE; a renamed table's name quoted, added
 * columns appended before the closing parenthesis), without the indentation of the migration that
 * wrote it, so each reads the same whichever migration that was.
 */
function formatted(sql: string): string {
  const [first = '', ...rest] = sql.split('\n').map((line) => line.trimEnd());
  const indents = rest.filter((line) => line.trim() !== '').map((line) => line.length - line.trimStart().length);
  const cut = Math.min(...indents, Number.POSITIVE_INFINITY);
  const body = rest.map((line) => line.slice(Math.min(cut, line.length)));
  return `${[first, ...body].join('\n')};`;
}

/** The schema of a fresh database migrated to the newest version: the text schema.sql holds. */
export function schemaSnapshot(): string {
  const db = new BetterSqlite3(':memory:');
  try {
    migrate(db, 0);
    const rows = db.prepare<[], { sql: string }>(SCHEMA_QUERY).all();
    return `${[HEADER, ...rows.map((row) => formatted(row.sql))].join('\n\n')}\n`;
  } finally {
    db.close();
  }
}
