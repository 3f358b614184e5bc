import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess, stopServerProcess } from '../support/serverProcess.ts';

export const E2E_ADMIN_KEY = 'e2e-admin-access-key-0123456789';
export const E2E_OPERATOR_KEY = 'e2e-operator-access-key-0123456789';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
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
  const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  // The reference server on a free port with a throw-away database, like a fresh machine.
  const { child, url: baseURL } = await startServerProcess({
    DATA_DIR: dataDir,
    ADMIN_KEY: E2E_ADMIN_KEY,
    OPERATOR_KEY: E2E_OPERATOR_KEY,
    LOGIN_RATE_LIMIT: '1000',
    STATIC_DIR: staticDir,
  });
  project.provide('baseURL', baseURL);
  project.provide('chromiumPath', chromiumPath);
  project.provide('adminKey', E2E_ADMIN_KEY);
  project.provide('operatorKey', E2E_OPERATOR_KEY);
  return async () => {
    await stopServerProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
