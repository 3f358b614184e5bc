/**
 * The live store and the toast stack tell React once per frame (src/realtime/frameQueue.ts
 * defaultFrameScheduler): a test that shows a toast or dispatches an event lets that frame run
 * before it looks. With fake timers the frame is a timer among the others.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { onNextFrame } from '../../src/realtime/index.ts';

/** How long a frame is, to fake timers. */
const FRAME_MS = 16;

export async function nextFrame(): Promise<void> {
  if (vi.isFakeTimers()) {
    act(() => {
      vi.advanceTimersByTime(FRAME_MS);
    });
    return;
  }
  // Asked for after what the test did, so it runs after that in the same frame callback.
  await act(() => new Promise<void>((resolve) => onNextFrame(resolve)));
}
