import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/serverProcess.ts';
import { E2E_WORKERS } from './workers.ts';

export const E2E_ADMIN_KEY = 'e2e-admin-access-key-0123456789';
export const E2E_OPERATOR_KEY = 'e2e-operator-access-key-0123456789';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One reference server per browser-test worker, in worker order (browser.ts picks its own). */
    baseURLs: string[];
    chromiumPath: string | null;
    adminKey: string;
    operatorKey: string;
  }
}

function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => Boolean(p),
  );
  return candidates.find((p) => existsSync(p)) ?? null;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    console.warn(
      '\n!!!!!!!! BROWSER TESTS SKIPPED: no Chromium found (set CHROMIUM or run `apt-get install chromium`) !!!!!!!!\n',
    );
  }
  // E2E_STATIC_DIR lets parallel work build into its own folder (`vite build --outDir`); CI uses dist/.
  const staticDir = process.env.E2E_STATIC_DIR ?? 'dist';
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new Error(`${staticDir}/ is missing: run \`npm run build\` before the browser tests`);
  }
  const env = {
    ADMIN_KEY: E2E_ADMIN_KEY,
    OPERATOR_KEY: E2E_OPERATOR_KEY,
    LOGIN_RATE_LIMIT: '1000',
    STATIC_DIR: staticDir,
  };
  // The demo database (100,000 txs) is seeded once into a template, the way a fresh machine's first
  // start does; each worker's server then starts on its own copy, so workers never share state (the
  // workers' switch, the simulator's control, settings) and none pays for seeding again.
  const template = mkdtempSync(join(tmpdir(), 'console-e2e-template-'));
  await stopServerProcess((await startServerProcess({ ...env, DATA_DIR: template, SIM: 'off' })).child);
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  const stopAll = async () => {
    await Promise.all(servers.map((server) => stopServerProcess(server.child)));
    for (const dir of [template, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let worker = 1; worker <= E2E_WORKERS; worker++) {
      const dataDir = mkdtempSync(join(tmpdir(), `console-e2e-${worker}-`));
      dataDirs.push(dataDir);
      cpSync(template, dataDir, { recursive: true });
      servers.push(await startServerProcess({ ...env, DATA_DIR: dataDir }));
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide('baseURLs', servers.map((server) => server.url));
  project.provide('chromiumPath', chromiumPath);
  project.provide('adminKey', E2E_ADMIN_KEY);
  project.provide('operatorKey', E2E_OPERATOR_KEY);
  return stopAll;
}
