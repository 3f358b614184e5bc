/**
 * The simulated worker's quote engine, one per app. Its pools drift every few seconds so that
 * refreshing a quote shows a living market, and its blocks follow the chain heads; the timer is
 * released on close.
 */
import fp from 'fastify-plugin';
import { BUILTIN_TOKENS } from '../../../src/config/tokens.ts';
import { createRng, deriveSeed } from '../lib/rng.ts';
import { createQuoteEngine, type QuoteEngine } from '../quote/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    quoteEngine: QuoteEngine;
  }
}

const DRIFT_EVERY_MS = 3000;

export default fp<{ seed: number; drift: boolean }>(
  async (app, { seed, drift }) => {
    const engine = createQuoteEngine({ seed, tokens: BUILTIN_TOKENS });
    app.decorate('quoteEngine', engine);
    // The market quotes at the chain's head: each newBlock the hub broadcasts (the simulator's, or
    // any other source's) moves its network's block, so a quote never cites a block far behind.
    let stopFollowing: (() => void) | undefined;
    app.addHook('onClose', async () => stopFollowing?.());
    app.addHook('onReady', async () => {
      const follow = (event: string, payload: unknown) => {
        if (event !== 'newBlock' || typeof payload !== 'object' || payload === null) return;
        const { network, num } = payload as { network?: unknown; num?: unknown };
        if (typeof network === 'string' && typeof num === 'number' && Number.isSafeInteger(num) && num >= (engine.block(network) ?? 0)) engine.setBlock(network, num);
      };
      for (const payload of [app.hub.cached().newBlock ?? []].flat()) follow('newBlock', payload);
      stopFollowing = app.hub.observe(follow);
    });
    if (!drift) return;
    // A stream of its own, as every other purpose of the seed has (lib/rng.ts).
    const rng = createRng(deriveSeed(seed, 'drift'));
    const timer = setInterval(() => engine.drift(rng), DRIFT_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'quote' },
);
