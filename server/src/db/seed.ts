/** First-start data: access keys, the session secret, demo records. */
import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE, OPERATOR_ROLE } from '../../../src/config/enums.ts';
import { generateAccessKey, hashAccessKey, newSalt, verifyAccessKey } from '../auth/accessKeys.ts';
import {
  DEMO_AWS_GROUPS,
  DEMO_BRAIN_STATE,
  DEMO_BRIDGES,
  DEMO_CONNECTED_SERVICES,
  DEMO_MISC_SETTINGS,
  DEMO_TOKENS,
} from './demoData.ts';
import { demoConfigs } from './demoConfigs.ts';
import { demoTxs } from './demoTxs.ts';
import type { Store } from './store.ts';

export interface SeedKeys {
  admin?: string;
  operator?: string;
}

/** The seeded access keys: name and role of each. */
export const SEEDED_KEYS = [
  { slot: 'admin', name: 'admin', role: ADMIN_ROLE },
  { slot: 'operator', name: 'operator', role: OPERATOR_ROLE },
] as const;

/** The database's key-lookup salt (auth/accessKeys.ts), made on first use. */
export async function ensureLookupSalt(store: Store): Promise<Buffer> {
  const stored = await store.meta.get('accessKeyLookupSalt');
  if (stored) return Buffer.from(stored, 'base64url');
  const salt = newSalt();
  await store.meta.set('accessKeyLookupSalt', salt.toString('base64url'));
  return salt;
}

/**
 * A configured key is stored on start unless the stored hash already matches it. A changed key ends
 * that user's outstanding sessions (its tokens issued before now are refused). A key that is not
 * configured and does not exist yet is generated; the generated keys are returned so they can be
 * shown once. A configured key stored before lookups existed gets its lookup (its sessions go on).
 */
export async function ensureAccessKeys(store: Store, configured: SeedKeys, nowMs: number): Promise<SeedKeys> {
  const lookupSalt = await ensureLookupSalt(store);
  const generated: SeedKeys = {};
  const toStore: { name: string; role: string; key: string; sessionsValidFrom: number }[] = [];
  const toLookUp: { name: string; key: string }[] = [];
  for (const { slot, name, role } of SEEDED_KEYS) {
    const key = configured[slot];
    const stored = await store.accessKeys.get(name);
    if (key !== undefined) {
      // Hashes are salted: only verifying tells whether the configured key is the stored one.
      if (stored && stored.role === role && (await verifyAccessKey(key, stored.hash))) {
        if (stored.lookup === null) toLookUp.push({ name, key });
        continue;
      }
      toStore.push({ name, role, key, sessionsValidFrom: stored ? nowMs : 0 });
    } else if (!stored) {
      generated[slot] = generateAccessKey();
      toStore.push({ name, role, key: generated[slot], sessionsValidFrom: 0 });
    }
  }
  // Hashing is the slow part of a start: run the hashes side by side.
  const [records, lookups] = await Promise.all([
    Promise.all(
      toStore.map(async ({ key, ...record }) => {
        const [hash, lookup] = await Promise.all([hashAccessKey(key), hashAccessKey(key, lookupSalt)]);
        return { ...record, hash, lookup };
      }),
    ),
    Promise.all(toLookUp.map(async ({ name, key }) => ({ name, lookup: await hashAccessKey(key, lookupSalt) }))),
  ]);
  await store.transaction(async (tx) => {
    for (const record of records) await tx.accessKeys.upsert(record);
    for (const { name, lookup } of lookups) await tx.accessKeys.setLookup(name, lookup);
  });
  return generated;
}

/** The configured session secret, else the one generated on first start and kept in the DB. */
export async function ensureJwtSecret(store: Store, configured: string | undefined): Promise<string> {
  if (configured !== undefined) return configured;
  const stored = await store.meta.get('jwtSecret');
  if (stored) return stored;
  const secret = randomBytes(32).toString('base64url');
  await store.meta.set('jwtSecret', secret);
  return secret;
}

/** Writes the demo records once, on the first start of an empty database. */
export async function seedDemoData(store: Store, nowMs: number): Promise<boolean> {
  return store.transaction(async (tx) => {
    if (await tx.meta.get('demoSeededAt')) return false;
    for (const token of DEMO_TOKENS) await tx.tokens.create(token);
    for (const bridge of DEMO_BRIDGES) await tx.bridges.create(bridge);
    await tx.settings.set('miscSettings', DEMO_MISC_SETTINGS);
    await tx.settings.set('brainState', DEMO_BRAIN_STATE);
    await tx.settings.set('awsGroups', DEMO_AWS_GROUPS);
    await tx.settings.set('connectedServices', DEMO_CONNECTED_SERVICES);
    await tx.meta.set('demoSeededAt', String(nowMs));
    return true;
  });
}

/** The demo configs, once; a database seeded before configs existed gets them on its next start. */
export async function seedDemoConfigs(store: Store, nowMs: number): Promise<boolean> {
  return store.transaction(async (tx) => {
    if (await tx.meta.get('demoConfigsSeededAt')) return false;
    for (const [configName, data] of Object.entries(demoConfigs())) await tx.configs.create(configName, data);
    await tx.meta.set('demoConfigsSeededAt', String(nowMs));
    return true;
  });
}

/**
 * `count` demo txs ending now, once (DEMO_TXS; 0 seeds none and leaves the database to a later
 * start). One prepared statement in one transaction: 100,000 rows take about a second.
 */
export async function seedDemoTxs(store: Store, nowMs: number, count: number): Promise<number> {
  if (count <= 0) return 0;
  return store.transaction(async (tx) => {
    if (await tx.meta.get('demoTxsSeededAt')) return 0;
    const written = await tx.txs.insertMany(demoTxs(count, nowMs));
    await tx.meta.set('demoTxsSeededAt', String(nowMs));
    return written;
  });
}
