/**
 * server/src/db/schema.sql is the schema the migrations leave now (server/src/db/schemaSnapshot.ts):
 * one place to read the current tables and indexes, kept in step with server/src/db/migrations.ts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../server/src/db/migrations.ts';
import { SCHEMA_SNAPSHOT_COMMAND, SCHEMA_SNAPSHOT_FILE, schemaSnapshot } from '../../server/src/db/schemaSnapshot.ts';

const committed = () => readFileSync(fileURLToPath(new URL(`../../${SCHEMA_SNAPSHOT_FILE}`, import.meta.url)), 'utf8');

describe(`the schema snapshot (${SCHEMA_SNAPSHOT_FILE})`, () => {
  it(`is what a fresh database migrated to version ${SCHEMA_VERSION} has`, () => {
    expect(
      committed(),
      `${SCHEMA_SNAPSHOT_FILE} is not the schema the migrations leave. After adding a migration, run ${SCHEMA_SNAPSHOT_COMMAND} and commit the file with it.`,
    ).toBe(schemaSnapshot());
  });

  it('holds each table once, as it is now, with its indexes after it', () => {
    const text = schemaSnapshot();
    const txs = text.match(/^CREATE TABLE "?txs"? \(/gm) ?? [];
    expect(txs).toHaveLength(1);
    // The newest form of txs: the error code of migration 10, in the list's JSON too.
    expect(text).toContain('err_code INTEGER CHECK (err_code IS NULL OR err_code >= 0)');
    expect(text.indexOf('CREATE TABLE "txs"')).toBeLessThan(text.indexOf('CREATE INDEX txs_by_created'));
    expect(text).not.toContain('txs_next');
  });
});
