/** §7 configs: each config's data schema, the record, its list query and PUT /configs/{configName}. */
import { DEX_AGGREGATORS, SWAP_PROTOCOLS, SWAP_PROTOCOL_VERSIONS, TRADE_MODES } from '../config/enums.ts';
import { CEXES } from '../config/networks.ts';
import { NetworkName, RecordVersion } from './base.ts';
import { distinct, finite, listQuery, nonNegative, positive } from './builders.ts';
import { z } from './zod.ts';

export const CONFIG_NAMES = ['worker', 'networkSettings', 'swapProtocols', 'cex'] as const;
export type ConfigName = (typeof CONFIG_NAMES)[number];

/** The worker's trading parameters: trade mode (§4), thresholds, aggregators to quote (§3). */
export const WorkerConfig = z.looseObject({
  tradeMode: z.enum(TRADE_MODES),
  aggregators: distinct(z.enum(DEX_AGGREGATORS)).min(1),
  thresholds: z.looseObject({
    minProfitUSD: nonNegative,
    minProfitPercent: nonNegative,
    maxPriceImpactPercent: finite.min(0).max(100),
    maxSlippageBps: z.number().int().min(0).max(10_000),
  }),
  tradeSizeUSD: z
    .object({ min: positive, max: positive })
    .strict()
    .refine((size) => size.min <= size.max, { path: ['max'], message: 'must not be below min' }),
  maxParallelTrades: z.number().int().min(1).max(100),
  iterationIntervalMs: z.number().int().min(100).max(600_000),
});
export type WorkerConfig = z.infer<typeof WorkerConfig>;

/**
 * §3 Network settings: networks with their automation flag and priority; pair flags keyed by two
 * network names sorted alphabetically and joined with an underscore (the server checks the order).
 */
export const NetworkSettingsConfig = z.looseObject({
  networks: distinct(
    z.object({ name: NetworkName, automation: z.boolean(), priority: z.number().int().min(0).max(1000) }).strict(),
    (network) => network.name,
  ),
  pairFlags: z.record(z.string(), z.object({ enabled: z.boolean() }).strict()),
});
export type NetworkSettingsConfig = z.infer<typeof NetworkSettingsConfig>;

/** §3 Swap protocols in versions V1..V3, each enabled on some networks. */
export const SwapProtocolsConfig = z.looseObject({
  protocols: distinct(
    z.looseObject({
      name: z.enum(SWAP_PROTOCOLS),
      version: z.enum(SWAP_PROTOCOL_VERSIONS),
      enabled: z.boolean(),
      networks: distinct(NetworkName),
    }),
    (protocol) => `${protocol.name} ${protocol.version}`,
  ),
});
export type SwapProtocolsConfig = z.infer<typeof SwapProtocolsConfig>;

/** §3 Centralised exchanges the system may move funds through. */
export const CexConfig = z.looseObject({
  exchanges: distinct(
    z.looseObject({
      name: z.enum(CEXES),
      enabled: z.boolean(),
      deposits: z.boolean(),
      withdrawals: z.boolean(),
      maxTransferUSD: nonNegative,
    }),
    (exchange) => exchange.name,
  ),
});
export type CexConfig = z.infer<typeof CexConfig>;

/** The data schema of each config; PUT /configs/{configName} validates `data` with it. */
export const CONFIG_SCHEMAS = {
  worker: WorkerConfig,
  networkSettings: NetworkSettingsConfig,
  swapProtocols: SwapProtocolsConfig,
  cex: CexConfig,
} as const satisfies Record<ConfigName, z.ZodType>;

export const ConfigRecord = z.object({
  configName: z.string(),
  version: RecordVersion,
  updatedAt: finite,
  data: z.record(z.string(), z.unknown()),
});
export type ConfigRecord = z.infer<typeof ConfigRecord>;

/** A config as the REST routes answer it: `id` repeats configName, for react-admin clients (ra-data-simple-rest). */
export const ConfigResource = ConfigRecord.extend({ id: z.string() });
export type ConfigResource = z.infer<typeof ConfigResource>;

export const ConfigListQuery = listQuery(
  ['configName', 'updatedAt', 'version'],
  'configName',
  'ASC',
  z.object({ q: z.string().max(64).optional(), configName: z.string().max(64).optional() }).strict(),
);
export const ConfigListResponse = z.object({ data: z.array(ConfigResource), total: z.number().int().nonnegative() });
export type ConfigListResponse = z.infer<typeof ConfigListResponse>;

const ConfigUpdateEnvelope = z.object({
  version: RecordVersion.optional(),
  data: z.record(z.string(), z.unknown()),
  configName: z.string().optional(),
  /** react-admin's copy of configName (ra-data-simple-rest sends the record back whole). */
  id: z.string().optional(),
});
const ENVELOPE_KEYS = new Set(['version', 'data', 'configName', 'updatedAt', 'id']);
const isRecordLike = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * PUT /configs/{configName}: the record as GET /configs/{name} gives it, `{version, data}` (updatedAt
 * ignored; configName and id, when sent, match the path; a stale version is refused with 409, none applies the write), or §7's bare "config
 * body", the data itself: a body is read as the record when it has an object `data` and only the
 * record's keys.
 */
export const ConfigUpdateRequest = z.preprocess(
  (body) =>
    isRecordLike(body) && isRecordLike(body.data) && Object.keys(body).every((key) => ENVELOPE_KEYS.has(key)) ? body : { data: body },
  ConfigUpdateEnvelope,
);
export type ConfigUpdateRequest = z.infer<typeof ConfigUpdateRequest>;
