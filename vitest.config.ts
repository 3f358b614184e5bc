import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    // STACK trap 1: never pick up the browser tests under tests/e2e.
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    testTimeout: 20000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on CI's two. Many server tests wait on
    // real timers and sockets (timeouts, retries, a dripping body), so two workers keep both cores busy.
    maxWorkers: 2,
  },
});
