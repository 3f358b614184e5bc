/** Opens the database, applies migrations, seeds a fresh one, and closes it with the app. */
import fp from 'fastify-plugin';
import { ensureAccessKeys, seedDemoConfigs, seedDemoData, seedDemoTxs, type SeedKeys } from './seed.ts';
import { openSqliteStore, type Store } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    store: Store;
    /** Access keys generated on this start (none configured, none stored): shown once, never again. */
    generatedKeys: SeedKeys;
  }
}

export interface DatabaseOptions {
  dataDir?: string;
  keys: SeedKeys;
  /** Demo txs written on the first start (DEMO_TXS). */
  demoTxs: number;
  /** Reader threads of the transaction list (TX_READERS; see txReaders.ts). */
  txReaders: number;
  /** SECRETS_KEY: alert destinations' secrets kept encrypted (alerts/secrets.ts). */
  secretsKey?: Buffer;
}

export default fp<DatabaseOptions>(
  async (app, options) => {
    const store = openSqliteStore({
      dataDir: options.dataDir,
      now: () => app.clock.now(),
      txReaders: options.txReaders,
      secretsKey: options.secretsKey,
      onReaderFailure: (err) => app.log.error({ err }, 'transaction list reader thread failed; its reads moved to the main connection'),
    });
    app.addHook('onClose', () => store.close());
    app.decorate('store', store);
    app.decorate('generatedKeys', await ensureAccessKeys(store, options.keys, app.clock.now()));
    await seedDemoData(store, app.clock.now());
    await seedDemoConfigs(store, app.clock.now());
    const started = performance.now();
    const seeded = await seedDemoTxs(store, app.clock.now(), options.demoTxs);
    if (seeded > 0) app.log.info({ rows: seeded, ms: Math.round(performance.now() - started) }, 'demo txs seeded');
  },
  { name: 'database', dependencies: ['clock'] },
);
