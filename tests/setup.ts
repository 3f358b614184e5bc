import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { removeTempDirs } from './support/tempDirs.ts';
import { frameQueue } from '../src/realtime/frameQueue.ts';

// React's act() checks this flag; DOM tests run under it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom's frames are timers and its rendering costs nothing: what a frame costs there says nothing
// of a CPU, so component tests commit in the frame, as a desktop does (src/domain/framePacing.ts).
// The pacing itself is tested with a frame environment of its own (tests/realtime/frameQueue.test.ts).
frameQueue.pace('inFrame');

// docs/architecture.md Tests: any console.error fails a test, unless the test expects it
// (vi.spyOn(console, 'error') itself).
let errorSpy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during test: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  errorSpy?.mockRestore();
});

// Unmount what a DOM test rendered (vitest runs without globals, so RTL cannot register this itself).
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});

// Registered first, so it runs after the file's own afterAll hooks (vitest runs them in reverse):
// a server or database a file closes at its end is closed before its folder goes.
afterAll(removeTempDirs);
