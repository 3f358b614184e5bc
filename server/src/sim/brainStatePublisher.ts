/**
 * Publishes the simulator's brain-state fields: merged into the stored brain state (so `init`
 * agrees with the events, and workersRunning from the routes is never overwritten), then
 * broadcast — at most once per 250 ms. Between two publications only the latest state is kept,
 * except milestones (route search started, at 100 %, finished), which are all published in order.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { SimBrain } from './context.ts';

const BRAIN_STATE_MIN_GAP_MS = 250;

interface Entry {
  fields: SimBrain;
  milestone: boolean;
}

export class BrainStatePublisher {
  private readonly queue: Entry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  private lastAt = -Infinity;
  private closed = false;

  constructor(private readonly app: FastifyInstance) {}

  push(fields: SimBrain, milestone: boolean): void {
    if (this.closed) return;
    const last = this.queue.at(-1);
    if (last && !last.milestone) this.queue[this.queue.length - 1] = { fields, milestone };
    else this.queue.push({ fields, milestone });
    this.pump();
  }

  /** Stops publishing; waits for a write under way. What is still queued is dropped. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queue.length = 0;
    await this.inFlight;
  }

  private pump(): void {
    if (this.closed || this.inFlight || this.timer || this.queue.length === 0) return;
    const wait = this.lastAt + BRAIN_STATE_MIN_GAP_MS - performance.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, wait);
      return;
    }
    const entry = this.queue.shift();
    if (!entry) return;
    this.lastAt = performance.now();
    this.inFlight = this.publish(entry.fields)
      .catch((err: unknown) => this.app.log.error({ err }, 'simulator: brain state not published'))
      .finally(() => {
        this.inFlight = null;
        this.pump();
      });
  }

  private async publish(fields: SimBrain): Promise<void> {
    const brainState = await this.app.store.transaction(async (tx) => {
      const merged = { ...(await tx.settings.get('brainState')), ...fields };
      await tx.settings.set('brainState', merged);
      return merged;
    });
    if (!this.closed) this.app.hub.broadcast('brainState', brainState);
  }
}
