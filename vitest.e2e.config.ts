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
    // expect.poll's own default gives up after 1 s: a page on a loaded 2-core CI machine may take
    // longer to show what it will show. Tests that need another figure say so.
    expect: { poll: { timeout: 10_000 } },
    // Files that start their own server wait for its first start (seeding 100,000 txs) in a hook.
    hookTimeout: 150_000,
  },
});
