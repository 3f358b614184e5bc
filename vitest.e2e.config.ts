import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/e2e/sequencer.ts';
import { E2E_WORKERS } from './tests/e2e/workers.ts';

/** Browser tests: real Chromium (playwright-core) against the real reference server serving dist/. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/globalSetup.ts'],
    environment: 'node',
    // Each worker has a reference server of its own (globalSetup) and each file its own browser.
    pool: 'forks',
    maxWorkers: E2E_WORKERS,
    fileParallelism: E2E_WORKERS > 1,
    sequence: { sequencer: LongestFirst },
    testTimeout: 60_000,
    // expect.poll's own default gives up after 1 s: a page on a loaded 2-core CI machine may take
    // longer to show what it will show. Tests that need another figure say so.
    expect: { poll: { timeout: 10_000 } },
    // Files that start their own server wait for its first start (seeding 100,000 txs) in a hook.
    hookTimeout: 150_000,
  },
});
