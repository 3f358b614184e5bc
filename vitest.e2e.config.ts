import { defineConfig } from 'vitest/config';

/** Browser tests: real Chromium (playwright-core) against the real reference server serving dist/. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/globalSetup.ts'],
    environment: 'node',
    // One server and one browser at a time on a 2-core machine.
    fileParallelism: false,
    testTimeout: 60_000,
    // Files that start their own server wait for its first start (seeding 100,000 txs) in a hook.
    hookTimeout: 150_000,
  },
});
