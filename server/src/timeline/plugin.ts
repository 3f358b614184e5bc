/**
 * The timeline on the reference server (docs/protocol.md "Timeline"): `app.timeline.record(event)`
 * writes an event without making its caller wait (the alerts code records alert events through it),
 * and an observer of the hub records what it sees happen (observer.ts), block heads checked for
 * staleness every second. GET /timeline (routes/timeline.ts) reads the events and merges the user log.
 */
import fp from 'fastify-plugin';
import { TIMELINE_KEEP_MS } from '../../../src/config/timeline.ts';
import { summarizeIssues, TimelineEvent } from '../../../src/contract/index.ts';
import { TimelineObserver } from './observer.ts';

/** How often block heads are checked for staleness (§4 thresholds are tens of seconds). */
export const TIMELINE_CHECK_MS_DEFAULT = 1000;
/** Old events are pruned at most this often, as new ones are written. */
const PRUNE_EVERY_MS = 3_600_000;

export interface TimelineOptions {
  /** Ms between staleness checks of the block heads; 0: none unless a test calls app.timeline.check(). */
  checkEveryMs?: number;
}

export interface Timeline {
  /** Writes `event`; returns at once, and a failed write is logged, never thrown at the caller. */
  record(event: TimelineEvent): void;
  /** Checks the block heads for staleness now (the timer's work). */
  check(): void;
  /** Resolves once every write recorded so far is done (tests, shutdown). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    timeline: Timeline;
  }
}

export default fp<TimelineOptions>(
  async (app, options) => {
    let writes: Promise<void> = Promise.resolve();
    let lastPrune = Number.NEGATIVE_INFINITY;
    const record = (event: TimelineEvent): void => {
      // Checked before it is stored: one event the contract would refuse must not spoil every page it falls in.
      const checked = TimelineEvent.safeParse(event);
      if (!checked.success) {
        app.log.error({ kind: event.kind, problem: summarizeIssues(checked.error) }, 'timeline event not recorded: not of the contract');
        return;
      }
      const now = app.clock.now();
      const prune = now - lastPrune >= PRUNE_EVERY_MS;
      if (prune) lastPrune = now;
      // One after another, so events of one millisecond are stored in the order they happened.
      writes = writes
        .then(async () => {
          await app.store.timeline.insert(checked.data);
          if (prune) await app.store.timeline.prune(now - TIMELINE_KEEP_MS);
        })
        .catch((err: unknown) => app.log.error({ err, kind: event.kind }, 'timeline event not recorded'));
    };

    const observer = new TimelineObserver({ now: () => app.clock.now(), record });
    observer.start(await app.store.settings.get('brainState'), await app.store.settings.get('miscSettings'));
    const stopObserving = app.hub.observe((event, payload) => observer.onEvent(event, payload));

    const every = options.checkEveryMs ?? TIMELINE_CHECK_MS_DEFAULT;
    const timer = every > 0 ? setInterval(() => observer.checkHeads(), every) : undefined;
    timer?.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      stopObserving();
      await writes;
    });
    app.decorate('timeline', { record, check: () => observer.checkHeads(), settled: () => writes });
  },
  { name: 'timeline', dependencies: ['clock', 'database', 'hub'] },
);
