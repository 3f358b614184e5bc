/** Opens the database, applies migrations, seeds a fresh one, and closes it with the app. */
import fp from 'fastify-plugin';
import { ensureAccessKeys, seedDemoData, type SeedKeys } from './seed.ts';
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
}

export default fp<DatabaseOptions>(
  async (app, options) => {
    const store = openSqliteStore({ dataDir: options.dataDir, now: () => app.clock.now() });
    app.addHook('onClose', () => store.close());
    app.decorate('store', store);
    app.decorate('generatedKeys', await ensureAccessKeys(store, options.keys));
    await seedDemoData(store, app.clock.now());
  },
  { name: 'database', dependencies: ['clock'] },
);
