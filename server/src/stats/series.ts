/**
 * The network series recorder (docs/protocol.md "Stats", GET /stats/series): hears every gas,
 * balance and newBlock broadcast and writes, every SERIES_SAMPLE_MS, one sample per kind and
 * network that had values since the last: their mean, at the time of writing. blockInterval is the
 * ms between two successive heads of a network (a head that does not move up is not one). Samples
 * older than SERIES_KEEP_MS are pruned as it writes, and it follows at most SERIES_MAX_KEYS series,
 * so the table stays bounded (keys × keep / sample rows).
 */
import fp from 'fastify-plugin';
import { SERIES_KEEP_MS, SERIES_MAX_KEYS, SERIES_SAMPLE_MS, type SeriesKind } from '../../../src/config/stats.ts';
import type { ServerEventPayload } from '../../../src/contract/index.ts';
import type { SeriesSample } from '../db/repos/stats.ts';

/** SERIES_SAMPLE_MS, the default of the recorder's sampleMs. */
export const SERIES_SAMPLE_MS_DEFAULT = SERIES_SAMPLE_MS;

export interface SeriesRecorderOptions {
  /** Ms between writes; 0: no timer, a test writes with flush(). */
  sampleMs: number;
}

export interface SeriesRecorder {
  /** Writes what arrived since the last write (one sample per series) and prunes old samples. */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    seriesRecorder: SeriesRecorder;
  }
}

/** How often the old samples are pruned (each prune is an index range delete). */
const PRUNE_EVERY_MS = 60_000;

export default fp<SeriesRecorderOptions>(
  async (app, options) => {
    const pending = new Map<string, { kind: SeriesKind; network: string; sum: number; count: number }>();
    const heads = new Map<string, { num: number; at: number }>();
    let lastPrune = Number.NEGATIVE_INFINITY;

    const add = (kind: SeriesKind, network: string, value: number) => {
      if (!Number.isFinite(value)) return;
      const key = `${kind}\u0000${network}`;
      const entry = pending.get(key);
      if (entry) {
        entry.sum += value;
        entry.count++;
      } else if (pending.size < SERIES_MAX_KEYS) {
        pending.set(key, { kind, network, sum: value, count: 1 });
      }
    };

    const unsubscribe = app.hub.observe((event, payload) => {
      if (event === 'gas') {
        const { network, gasEstimate } = payload as ServerEventPayload<'gas'>;
        add('gas', network, gasEstimate);
      } else if (event === 'balance') {
        const { network, balance } = payload as ServerEventPayload<'balance'>;
        add('balance', network, balance);
      } else if (event === 'newBlock') {
        const { network, num } = payload as ServerEventPayload<'newBlock'>;
        const now = app.clock.now();
        const last = heads.get(network);
        if (last !== undefined && num <= last.num) return;
        if (last !== undefined) add('blockInterval', network, now - last.at);
        if (last !== undefined || heads.size < SERIES_MAX_KEYS) heads.set(network, { num, at: now });
      }
    });

    let tail: Promise<void> = Promise.resolve();
    const flush = (): Promise<void> => {
      const now = app.clock.now();
      const samples: SeriesSample[] = [...pending.values()]
        .filter((entry) => entry.count > 0)
        .map(({ kind, network, sum, count }) => ({ kind, network, t: now, value: sum / count }));
      // Kept as keys (bounded), emptied: a series that stops sending writes nothing.
      for (const entry of pending.values()) {
        entry.sum = 0;
        entry.count = 0;
      }
      const prune = now - lastPrune >= PRUNE_EVERY_MS;
      if (prune) lastPrune = now;
      tail = tail.then(async () => {
        if (samples.length > 0) await app.store.stats.record(samples);
        if (prune) await app.store.stats.prune(now - SERIES_KEEP_MS);
      });
      return tail;
    };
    app.decorate('seriesRecorder', { flush });

    let timer: ReturnType<typeof setInterval> | undefined;
    app.addHook('onReady', async () => {
      if (options.sampleMs > 0) {
        timer = setInterval(() => void flush().catch((err: unknown) => app.log.error({ err }, 'series sample failed')), options.sampleMs);
        timer.unref();
      }
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      unsubscribe();
      await tail.catch(() => undefined);
    });
  },
  { name: 'seriesRecorder', dependencies: ['clock', 'database', 'hub'] },
);
