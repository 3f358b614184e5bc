/**
 * The simulated worker's quote engine, one per app. Its pools drift every few seconds so that
 * refreshing a quote shows a living market; the timer is released on close.
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
    if (!drift) return;
    // A stream of its own, as every other purpose of the seed has (lib/rng.ts).
    const rng = createRng(deriveSeed(seed, 'drift'));
    const timer = setInterval(() => engine.drift(rng), DRIFT_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'quote' },
);
