/**
 * SECURITY "Private data files": the database holds the session secret and the access-key hashes,
 * so the data directory is 0700 and the database files 0600, whether the server creates them or
 * finds them readable from an earlier version.
 */
import { chmodSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../../../server/src/db/store.ts';
import { makeApp, tempDir } from '../helpers.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** The database file and the companions SQLite has written beside it. */
function databaseFiles(dataDir: string): string[] {
  return [DB_FILE_NAME, `${DB_FILE_NAME}-wal`, `${DB_FILE_NAME}-shm`].map((name) => join(dataDir, name)).filter((path) => existsSync(path));
}

describe('SECURITY: private data files', () => {
  it('a new DATA_DIR is created 0700 and the database, -wal and -shm files 0600, after writes too', async () => {
    const parent = tempDir('console-modes-');
    dirs.push(parent);
    const dataDir = join(parent, 'data');
    const t = await makeApp({ dataDir, demoTxs: 50 });
    await t.app.ready();
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { accessKey: 'admin-key-for-tests-0001' } });
    expect(login.statusCode).toBe(200);

    expect(modeOf(dataDir)).toBe('700');
    const files = databaseFiles(dataDir);
    expect(files.map((path) => path.slice(dataDir.length + 1))).toEqual([DB_FILE_NAME, `${DB_FILE_NAME}-wal`, `${DB_FILE_NAME}-shm`]);
    for (const path of files) expect({ path, mode: modeOf(path) }).toEqual({ path, mode: '600' });
    await t.app.close();
  });

  it('a DATA_DIR and database left readable by an earlier version are made private on start', async () => {
    const dataDir = tempDir('console-modes-old-');
    dirs.push(dataDir);
    const first = await makeApp({ dataDir, demoTxs: 0 });
    await first.app.ready();
    await first.app.close();
    chmodSync(dataDir, 0o755);
    for (const path of databaseFiles(dataDir)) chmodSync(path, 0o644);
    writeFileSync(join(dataDir, `${DB_FILE_NAME}-wal`), '');
    chmodSync(join(dataDir, `${DB_FILE_NAME}-wal`), 0o644);

    const second = await makeApp({ dataDir, demoTxs: 0 });
    await second.app.ready();
    expect(modeOf(dataDir)).toBe('700');
    for (const path of databaseFiles(dataDir)) expect({ path, mode: modeOf(path) }).toEqual({ path, mode: '600' });
    await second.app.close();
  });

  it('a DATA_DIR nested in missing folders is created with them', async () => {
    const parent = tempDir('console-modes-nested-');
    dirs.push(parent);
    const dataDir = join(parent, 'a', 'b');
    mkdirSync(join(parent, 'a'));
    const t = await makeApp({ dataDir, demoTxs: 0 });
    await t.app.ready();
    expect(modeOf(dataDir)).toBe('700');
    expect(modeOf(join(dataDir, DB_FILE_NAME))).toBe('600');
    await t.app.close();
  });
});
