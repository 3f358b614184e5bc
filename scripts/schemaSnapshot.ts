/**
 * Writes server/src/db/schema.sql: the database schema a fresh database has after every migration
 * (server/src/db/schemaSnapshot.ts). Run it after adding a migration, and commit the file with it:
 * tests/server/schema.test.ts fails until the two agree. With --check it writes nothing and fails
 * when the committed file differs.
 *
 *   node --import tsx scripts/schemaSnapshot.ts [--check]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SCHEMA_SNAPSHOT_COMMAND, SCHEMA_SNAPSHOT_FILE, schemaSnapshot } from '../server/src/db/schemaSnapshot.ts';

const file = fileURLToPath(new URL(`../${SCHEMA_SNAPSHOT_FILE}`, import.meta.url));
const text = schemaSnapshot();
if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    // Missing: reported as stale below.
  }
  if (committed !== text) process.stderr.write(`${SCHEMA_SNAPSHOT_FILE} differs from the migrations: run ${SCHEMA_SNAPSHOT_COMMAND}\n`);
  process.exitCode = committed === text ? 0 : 1;
} else {
  writeFileSync(file, text);
  process.stdout.write(`wrote ${SCHEMA_SNAPSHOT_FILE} (${text.length} bytes)\n`);
}
