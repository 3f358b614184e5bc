import { describe, expect, it } from 'vitest';
import { createFrameQueue } from '../../src/realtime/frameQueue.ts';
import { FRAME_COST_WINDOW } from '../../src/domain/framePacing.ts';

/**
 * A browser reduced to what the queue uses: frames asked for, tasks posted, a clock. A frame runs
 * its callbacks and their microtasks, then its rendering (the clock moves on by `renderMs`), then
 * the tasks posted meanwhile, in order, and the tasks those post.
 */
function fakeBrowser() {
  let now = 0;
  let frames: (() => void)[] = [];
  let posted: (() => void)[] = [];
  let phase: 'frame callback' | 'posted task' | 'outside' = 'outside';
  const queue = createFrameQueue({
    requestFrame: (cb) => frames.push(cb),
    post: (cb) => posted.push(cb),
    clock: () => now,
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Runs callbacks as one kind of task, then their microtasks. */
  const runAs = async (kind: typeof phase, callbacks: readonly (() => void)[]) => {
    phase = kind;
    for (const cb of callbacks) cb();
    phase = 'outside';
    await settle();
  };
  return {
    queue,
    phase: () => phase,
    /** A commit that takes `ms` of the clock, part of it in React's microtask as a real one is. */
    committing: (ms: number) => () => {
      now += ms / 2;
      queueMicrotask(() => void (now += ms / 2));
    },
    frameAsked: () => frames.length > 0,
    /** `n` frames, each a commit of `commitMs` and a rendering of `renderMs`. */
    async frames(n: number, commitMs: number, renderMs: number) {
      for (let i = 0; i < n; i++) {
        queue.schedule(this.committing(commitMs));
        await this.frame(renderMs);
      }
    },
    async frame(renderMs = 1) {
      const run = frames;
      frames = [];
      await runAs('frame callback', run);
      now += renderMs;
      while (posted.length > 0) {
        const tasks = posted;
        posted = [];
        await runAs('posted task', tasks);
      }
    },
  };
}

describe('the frame queue: committed in the frame on a fast CPU, after it on a slow one (docs/architecture.md Live data)', () => {
  it('on a fast CPU (frames of 3 ms) the callbacks run in the frame callback, so that frame paints them', async () => {
    const browser = fakeBrowser();
    await browser.frames(FRAME_COST_WINDOW, 1, 2);
    expect(browser.queue.mode).toBe('inFrame');
    const where: string[] = [];
    browser.queue.schedule(() => where.push(browser.phase()));
    await browser.frame();
    expect(where).toEqual(['frame callback']);
  });

  it('when frames take a slow CPU’s time (commit, React’s microtask counted, and rendering: median over 7 ms), the callbacks run in a task after the frame', async () => {
    const browser = fakeBrowser();
    await browser.frames(FRAME_COST_WINDOW / 2, 4, 4);
    expect(browser.queue.mode).toBe('afterFrame');
    const where: string[] = [];
    browser.queue.schedule(() => where.push(browser.phase()));
    await browser.frame();
    expect(where).toEqual(['posted task']);
    // The commit asks for the frame that renders it, whose cost is timed with the commit's.
    expect(browser.frameAsked()).toBe(true);
  });

  it('a frame is charged its commit and its rendering: neither alone moves it after the frame', async () => {
    for (const [commitMs, renderMs] of [[6, 0.5], [0.5, 6]] as const) {
      const browser = fakeBrowser();
      await browser.frames(FRAME_COST_WINDOW, commitMs, renderMs);
      expect(browser.queue.mode).toBe('inFrame');
    }
  });

  it('the commits after the frame are timed too, and a CPU fast again returns them to the frame', async () => {
    const browser = fakeBrowser();
    await browser.frames(FRAME_COST_WINDOW / 2, 4, 4);
    expect(browser.queue.mode).toBe('afterFrame');
    let frames = 0;
    while (browser.queue.mode === 'afterFrame' && frames < 4 * FRAME_COST_WINDOW) {
      browser.queue.schedule(browser.committing(1));
      await browser.frame(1);
      // The frame that renders the commit.
      await browser.frame(1);
      frames += 1;
    }
    expect(browser.queue.mode).toBe('inFrame');
    // Enough cheap frames to move the median of the window below the line, no more.
    expect(frames).toBe(FRAME_COST_WINDOW / 2 + 1);
  });

  it('a pinned mode holds whatever the commits cost', async () => {
    const browser = fakeBrowser();
    browser.queue.pace('inFrame');
    await browser.frames(FRAME_COST_WINDOW, 20, 20);
    expect(browser.queue.mode).toBe('inFrame');
    browser.queue.pace('measured');
    expect(browser.queue.mode).toBe('afterFrame');
  });

  it('everything asked for before a frame runs in one batch, in order, however it is paced', async () => {
    for (const mode of ['inFrame', 'afterFrame'] as const) {
      const browser = fakeBrowser();
      browser.queue.pace(mode);
      const ran: string[] = [];
      browser.queue.schedule(() => ran.push('live store'));
      browser.queue.schedule(() => ran.push('toast stack'));
      await browser.frame();
      expect(ran).toEqual(['live store', 'toast stack']);
    }
  });
});
