/**
 * The wire contract of PROTOCOL.md as zod schemas. Console and server both import this module;
 * it imports nothing from React or the app.
 */
import { z } from 'zod';
import {
  BRIDGE_KINDS,
  DEX_AGGREGATORS,
  SERVICES,
  SOUND_FACTORS,
  SWAP_PROTOCOLS,
  SWAP_PROTOCOL_VERSIONS,
  TRADE_MODES,
  TX_SIDES,
  TX_STATUSES,
  TX_TYPES,
  WORKER_COMMANDS,
} from '../config/enums.ts';
import { CEXES, NATIVE_COINS, NETWORKS } from '../config/networks.ts';

// In a browser, zod must not compile parsers with `new Function`: the console's CSP forbids eval,
// and even zod's caught probe for it is reported as a CSP violation (SECURITY.md). The server keeps
// the faster compiled parsers.
if (typeof window !== 'undefined') z.config({ jitless: true });

// ---------- REST ----------

/** Any string is a key to check: an empty or unknown one is refused as PROTOCOL says, 401 invalid access key. */
export const LoginRequest = z.object({ accessKey: z.string().max(512) });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const ApiErrorBody = z.object({ error: z.string(), details: z.unknown().optional() });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** JWT payload: at least name, role and exp (seconds). */
export const SessionClaims = z.object({
  name: z.string(),
  role: z.string().default(''),
  exp: z.number(),
  iat: z.number().optional(),
  /** The server's name for the session, which sign-out revokes (POST /logout). */
  sid: z.string().optional(),
});
export type SessionClaims = z.infer<typeof SessionClaims>;

/** One entry of a 400 body's details: where (body, params, querystring), which field, what is wrong. */
export const ValidationIssue = z.object({ in: z.string(), field: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** Bodyless calls (workers start/stop, restarts): nothing, or an empty object. */
export const EmptyBody = z.object({}).strict().optional();

/** Acknowledgement of an action that has no record to return. */
export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

/** SPEC §7 PUT /settings/misc: only sell only may be changed from the console. */
export const MiscSettingsUpdateRequest = z.object({ updates: z.object({ sellOnly: z.boolean() }).strict() }).strict();
export type MiscSettingsUpdateRequest = z.infer<typeof MiscSettingsUpdateRequest>;

/** SPEC §7 POST /command {to, cmd}: a worker only takes the worker commands. */
export const CommandRequest = z
  .object({ to: z.enum(SERVICES), cmd: z.string().min(1).max(64) })
  .strict()
  .superRefine((value, ctx) => {
    if (value.to === 'worker' && !(WORKER_COMMANDS as readonly string[]).includes(value.cmd)) {
      ctx.addIssue({ code: 'custom', path: ['cmd'], message: `must be one of ${WORKER_COMMANDS.join(', ')}` });
    }
  });
export type CommandRequest = z.infer<typeof CommandRequest>;

/** SPEC §7 POST /services/{service}/restart/scaling; the pair must match scalingTarget(service). */
export const ScalingRestartRequest = z
  .object({ deploymentName: z.string().min(1).max(128), namespace: z.string().min(1).max(128) })
  .strict();
export type ScalingRestartRequest = z.infer<typeof ScalingRestartRequest>;

// ---------- Shapes ----------

const finite = z.number().finite();

export const NetworkDataEntry = z.looseObject({ address: z.string(), decimals: z.number().int().min(0).max(255) });
export type NetworkDataEntry = z.infer<typeof NetworkDataEntry>;

/** SPEC §3: the ATA entry of networkData (Solana associated token accounts) is skipped by every reader. */
export const ATA_ENTRY = 'ATA';

/**
 * networkData per network, each (address, decimals). The ATA entry is not a network's token and
 * its shape is not promised, so it is kept as sent, unchecked: it never makes a token unreadable.
 */
const NetworkData = z.record(z.string(), z.unknown()).superRefine((data, ctx) => {
  for (const [network, entry] of Object.entries(data)) {
    if (network === ATA_ENTRY) continue;
    const parsed = NetworkDataEntry.safeParse(entry);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [network, ...issue.path] });
  }
}) as unknown as z.ZodType<Record<string, NetworkDataEntry>>;

export const Token = z.looseObject({
  tokenName: z.string().min(1),
  networkData: NetworkData,
});
export type Token = z.infer<typeof Token>;

export const Bridge = z.looseObject({ bridgeName: z.string().min(1), kind: z.string() });
export type Bridge = z.infer<typeof Bridge>;

/** PUT /settings/automation/bridges: whether bridging runs on its own, and over which bridges. */
export const BridgeAutomation = z.object({ enabled: z.boolean(), bridges: z.array(z.string()) });
export type BridgeAutomation = z.infer<typeof BridgeAutomation>;

export const MiscSettings = z.looseObject({ sellOnly: z.boolean().optional(), bridgeAutomation: BridgeAutomation.optional() });
export type MiscSettings = z.infer<typeof MiscSettings>;

export const BrainState = z.looseObject({
  /** PROTOCOL gives it no type: a backend without a wallet yet may send null. */
  walletAddress: z.string().nullish(),
  workersRunning: z.boolean(),
  workersStartedBy: z.string(),
  routeSearchRunning: z.boolean(),
  routeSearchProgress: finite,
  pinnedTokens: z.array(z.string()),
  autosellPins: z.array(z.string()),
  pendingSells: z.array(z.unknown()),
  lockedNonces: z.array(z.unknown()),
  wethPriceUSD: finite,
  txPeerStatus: z.record(z.string(), finite),
  zmqPeerStatus: z.record(z.string(), finite),
  nativePriceUSD: z.record(z.string(), finite),
  txState: z.unknown().optional(),
});
export type BrainState = z.infer<typeof BrainState>;

/** POST /workers/start and /workers/stop answer with the new brain state. */
export const WorkersResponse = z.object({ ok: z.literal(true), brainState: BrainState });
export type WorkersResponse = z.infer<typeof WorkersResponse>;

/** PUT /settings/misc answers with the whole misc settings after the change. */
export const MiscSettingsResponse = z.object({ ok: z.literal(true), miscSettings: MiscSettings });
export type MiscSettingsResponse = z.infer<typeof MiscSettingsResponse>;

export const ConnectedServices = z.object({ numConnected: finite, numExpected: finite });
export type ConnectedServices = z.infer<typeof ConnectedServices>;

/** PROTOCOL leaves AwsGroup open: the reference server names each group; another backend may not. */
export const AwsGroup = z.looseObject({ name: z.string().optional() });
export type AwsGroup = z.infer<typeof AwsGroup>;

export const UserLog = z.object({
  id: z.string(),
  time: finite,
  user: z.string(),
  action: z.string(),
  details: z.unknown().optional(),
});
export type UserLog = z.infer<typeof UserLog>;

export const ConnectedUser = z.object({ name: z.string(), role: z.string(), since: finite });
export type ConnectedUser = z.infer<typeof ConnectedUser>;

export const TxTypeSchema = z.enum(TX_TYPES);

export const TxConfirmation = z.looseObject({
  tokenName: z.string(),
  txType: z.string(),
  bridge: z.looseObject({ name: z.string() }),
  networkBuy: z.string(),
  networkSell: z.string(),
  success: z.boolean(),
  expectedProfit: finite,
  tradeId: z.string(),
  amountOut: finite,
});
export type TxConfirmation = z.infer<typeof TxConfirmation>;

/** SPEC §3: a trade has txs with txType and amountIn. */
export const Trade = z.looseObject({
  txs: z.array(z.looseObject({ txType: z.string(), amountIn: finite })),
});
export type Trade = z.infer<typeof Trade>;

export const QuoteHop = z.object({ dex: z.string(), poolAddress: z.string() });
export const QuoteRoute = z.object({
  amountOut: z.union([z.string(), z.number()]),
  gasEstimate: z.union([z.string(), z.number()]),
  routeInfo: z.array(QuoteHop),
});
export const Quote = z.looseObject({
  version: z.unknown().optional(),
  network: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  amountIn: z.union([z.string(), z.number()]).optional(),
  time: z.unknown(),
  block: z.unknown().optional(),
  error: z.string().nullish(),
  routes: z.array(QuoteRoute).optional(),
});
export type Quote = z.infer<typeof Quote>;
export type QuoteRoute = z.infer<typeof QuoteRoute>;

export const QuoteQuery = z.object({
  network: z.string().min(1).max(64),
  tokenInAddress: z.string().min(1).max(128),
  tokenOutAddress: z.string().min(1).max(128),
  amountIn: z.string().regex(/^[0-9]{1,78}$/, 'integer base units'),
});
export type QuoteQuery = z.infer<typeof QuoteQuery>;

// ---------- Resources (SPEC §7: tokens, bridges, configs, transactions, logs, cloud, Solana bridge) ----------
//
// Bodies that edit a whole record (tokens, bridges, configs, sells) accept the record as it was read
// (react-admin sends it back whole): fields the server owns, such as `updatedAt`, are ignored.
// Bodies of actions (pins, manual txs, imports...) are strict: an unknown field is a 400.

const nonNegative = finite.min(0);
const positive = finite.positive();

/**
 * Names that identify records (tokenName, bridgeName, configName, AWS groups, Solana bridge tokens).
 * They travel as path segments, so no slashes, whitespace or control characters.
 */
export const RecordName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9$][A-Za-z0-9$._+-]*$/, 'letters, digits and $ . _ + - only, not starting with a punctuation mark');

/** The version a record had when it was loaded; a PUT must send it back (no lost updates). */
export const RecordVersion = z.number().int().min(1);

/** 409 when a PUT carries a stale version: `details.current` is the record as it is now. */
export const VERSION_CONFLICT_ERROR = 'conflict: record changed since you loaded it';
export const VersionConflictBody = z.object({ error: z.literal(VERSION_CONFLICT_ERROR), details: z.object({ current: z.unknown() }) });

/** A list whose entries must be distinct; the issue names the repeated entry's index. */
function distinct<T extends z.ZodType>(item: T, key: (value: z.output<T>) => unknown = (value) => value) {
  return z.array(item).superRefine((items, ctx) => {
    const seen = new Set<unknown>();
    items.forEach((value, index) => {
      const k = key(value);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [index], message: 'listed twice' });
      seen.add(k);
    });
  });
}

export const NetworkName = z.enum(NETWORKS);

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const EVM_ADDRESS = /^0x[0-9a-f]{40}$/;
/** Address formats of the networks that are not EVM chains; ATA entries are free-form (SPEC skips them). */
const OTHER_ADDRESSES: Partial<Record<(typeof NETWORKS)[number], { pattern: RegExp; what: string }>> = {
  Solana: { pattern: new RegExp(`^${BASE58}{32,44}$`), what: 'a base58 Solana address' },
  Tron: { pattern: new RegExp(`^T${BASE58}{33}$`), what: 'a base58 Tron address starting with T' },
  TON: { pattern: /^(?:[A-Za-z0-9_-]{48}|-?\d+:[0-9a-fA-F]{64})$/, what: 'a TON address (48 base64url characters or raw wc:hex)' },
  ATA: { pattern: /^\S+$/, what: 'an address without spaces' },
};

/** §3 Addresses starting with 0x are kept lower-cased. */
export function normaliseAddress(address: string): string {
  return address.startsWith('0x') ? address.toLowerCase() : address;
}

/** Why `address` (already normalised) is not an address on `network`, or null when it is one. */
export function addressProblem(network: string, address: string): string | null {
  if (!(NETWORKS as readonly string[]).includes(network)) return `unknown network ${network}`;
  const other = OTHER_ADDRESSES[network as (typeof NETWORKS)[number]];
  if (other) return other.pattern.test(address) ? null : `must be ${other.what}`;
  return EVM_ADDRESS.test(address) ? null : 'must be 0x followed by 40 hex digits';
}

export const Address = z.string().trim().min(1).max(128).transform(normaliseAddress);
export const Decimals = z.number().int().min(0).max(36);

/** One network's deployment of a token: address and decimals; other fields are kept. */
export const NetworkDataBody = z.looseObject({ address: Address, decimals: Decimals });

/** Per-network entries keyed by a NETWORKS name, each address valid on its network. */
export const PerNetworkBody = z.record(z.string(), NetworkDataBody).superRefine((entries, ctx) => {
  for (const [network, entry] of Object.entries(entries)) {
    if (!(NETWORKS as readonly string[]).includes(network)) {
      ctx.addIssue({ code: 'custom', path: [network], message: `unknown network; one of ${NETWORKS.join(', ')}` });
      continue;
    }
    const problem = addressProblem(network, entry.address);
    if (problem) ctx.addIssue({ code: 'custom', path: [network, 'address'], message: problem });
  }
});

/** POST /tokens: a token; `bridges` name existing bridges. Fields not listed are kept as sent. */
export const TokenBody = z.looseObject({
  tokenName: RecordName,
  networkData: PerNetworkBody,
  bridges: distinct(RecordName).optional(),
  /** Ignored on create (a new token starts at version 1). */
  version: RecordVersion.optional(),
});
export type TokenBody = z.infer<typeof TokenBody>;

/**
 * PUT /tokens/{tokenName}: the token, with the version it was loaded at (a stale one is refused with
 * 409; the console always sends it). Without a version the write is applied to whatever is stored, as
 * SPEC §7's plain "token body" allows. tokenName must match the path.
 */
export const TokenUpdateBody = TokenBody;
export type TokenUpdateBody = z.infer<typeof TokenUpdateBody>;

/** A stored token as the server returns it (REST and socket events alike). */
export const TokenRecord = Token.extend({ version: RecordVersion });
export type TokenRecord = z.infer<typeof TokenRecord>;

/** A bridge's fee per transfer, in USD or in a native coin (§3); GET /bridges/fee-to-eth converts it to ETH. */
export const BridgeFee = z.object({ amount: nonNegative, currency: z.enum(['USD', ...NATIVE_COINS]) }).strict();
export type BridgeFee = z.infer<typeof BridgeFee>;

/** POST /bridges: a bridge of a §3 kind; `tokens` name existing tokens. Fields not listed are kept as sent. */
export const BridgeBody = z.looseObject({
  bridgeName: RecordName,
  kind: z.enum(BRIDGE_KINDS),
  networks: distinct(NetworkName).optional(),
  tokens: distinct(RecordName).optional(),
  fee: BridgeFee.optional(),
  enabled: z.boolean().optional(),
  /** Ignored on create (a new bridge starts at version 1). */
  version: RecordVersion.optional(),
});
export type BridgeBody = z.infer<typeof BridgeBody>;

/** PUT /bridges/{bridgeName}: the bridge, with the version it was loaded at as for tokens; bridgeName must match the path. */
export const BridgeUpdateBody = BridgeBody;
export type BridgeUpdateBody = z.infer<typeof BridgeUpdateBody>;

export const BridgeRecord = Bridge.extend({ version: RecordVersion });
export type BridgeRecord = z.infer<typeof BridgeRecord>;

/** GET /bridges/fee-to-eth: each bridge's fee in ETH; bridges without a fee, or priced in an unknown coin, are left out. */
export const BridgeFeesResponse = z.object({ fees: z.record(z.string(), nonNegative) });
export type BridgeFeesResponse = z.infer<typeof BridgeFeesResponse>;

/** DELETE of a token, bridge or Solana bridge entry. */
export const DeletedResponse = z.object({ ok: z.literal(true) });

/** PUT /settings/automation/bridges; `bridges` omitted keeps the current list. Answers MiscSettingsResponse. */
export const BridgeAutomationRequest = z.object({ enabled: z.boolean(), bridges: distinct(RecordName).optional() }).strict();
export type BridgeAutomationRequest = z.infer<typeof BridgeAutomationRequest>;

/** The largest page any list route answers (GET /txs/ and friends); exports read it too. */
export const LIST_MAX_PER_PAGE = 500;

/** The longest JSON `filter` parameter a list route reads. */
const LIST_FILTER_MAX_CHARS = 4000;

/**
 * The list convention of the console (src/dataProvider/resources.ts): sort, order, 1-based page,
 * perPage, and filter as a JSON object in one query parameter.
 */
function listQuery<const Sort extends readonly [string, ...string[]], F extends z.ZodType>(
  sortFields: Sort,
  defaultSort: Sort[number],
  defaultOrder: 'ASC' | 'DESC',
  filter: F,
) {
  const filterKeys = new Set(filter instanceof z.ZodObject ? Object.keys(filter.shape) : []);
  return z.preprocess(
    (query) => liftFilterParams(query, filterKeys),
    z
      .object({
        sort: z.enum(sortFields).default(defaultSort),
        // asc/desc as well as ASC/DESC.
        order: z.preprocess((order) => (typeof order === 'string' ? order.toUpperCase() : order), z.enum(['ASC', 'DESC'])).default(defaultOrder),
        page: z.coerce.number().int().min(1).default(1),
        perPage: z.coerce.number().int().min(1).max(LIST_MAX_PER_PAGE).default(25),
        filter: z
          .string()
          .max(LIST_FILTER_MAX_CHARS)
          .transform((text, ctx): unknown => {
            try {
              return JSON.parse(text);
            } catch {
              ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
              return z.NEVER;
            }
          })
          .pipe(filter)
          .optional(),
      })
      .strict(),
  );
}

/** Filter fields of a list whose values are numbers: from, to, errCode. */
const NUMERIC_FILTER_PARAMS: ReadonlySet<string> = new Set(['from', 'to', 'errCode']);

/**
 * A filter field may also be its own query parameter (`?status=failed&network=Base`, repeated for
 * several values), merged over the JSON `filter`; a number-only value of a numeric field
 * (NUMERIC_FILTER_PARAMS) is read as a number. Anything else is left for the schema to judge.
 */
function liftFilterParams(query: unknown, filterKeys: ReadonlySet<string>): unknown {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) return query;
  const entries = Object.entries(query as Record<string, unknown>);
  const lifted = entries.filter(([key]) => filterKeys.has(key));
  if (lifted.length === 0) return query;
  const rest = Object.fromEntries(entries.filter(([key]) => !filterKeys.has(key)));
  let base: unknown = {};
  if (typeof rest.filter === 'string') {
    // Too long for the schema anyway; parsing it (a deep nest can overflow the stack) is not our business.
    if (rest.filter.length > LIST_FILTER_MAX_CHARS) return query;
    try {
      base = JSON.parse(rest.filter);
    } catch {
      return query;
    }
  }
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return query;
  const asNumber = (value: unknown) => (typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value);
  const numbers = (value: unknown) => (Array.isArray(value) ? value.map(asNumber) : asNumber(value));
  const merged = { ...(base as Record<string, unknown>), ...Object.fromEntries(lifted.map(([key, value]) => [key, NUMERIC_FILTER_PARAMS.has(key) ? numbers(value) : value])) };
  return { ...rest, filter: JSON.stringify(merged) };
}

/** One value or a few of them (a multi-select filter). */
function oneOrMany<T extends z.ZodType>(item: T) {
  return z.union([item, z.array(item).min(1).max(50)]);
}

// Configs

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

export const ConfigListQuery = listQuery(
  ['configName', 'updatedAt', 'version'],
  'configName',
  'ASC',
  z.object({ q: z.string().max(64).optional(), configName: z.string().max(64).optional() }).strict(),
);
export const ConfigListResponse = z.object({ data: z.array(ConfigRecord), total: z.number().int().nonnegative() });
export type ConfigListResponse = z.infer<typeof ConfigListResponse>;

const ConfigUpdateEnvelope = z.object({
  version: RecordVersion.optional(),
  data: z.record(z.string(), z.unknown()),
  configName: z.string().optional(),
});
const ENVELOPE_KEYS = new Set(['version', 'data', 'configName', 'updatedAt']);
const isRecordLike = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * PUT /configs/{configName}: the record as GET /configs/{name} gives it, `{version, data}` (updatedAt
 * ignored; a stale version is refused with 409, none applies the write), or SPEC §7's bare "config
 * body", the data itself: a body is read as the record when it has an object `data` and only the
 * record's keys.
 */
export const ConfigUpdateRequest = z.preprocess(
  (body) =>
    isRecordLike(body) && isRecordLike(body.data) && Object.keys(body).every((key) => ENVELOPE_KEYS.has(key)) ? body : { data: body },
  ConfigUpdateEnvelope,
);
export type ConfigUpdateRequest = z.infer<typeof ConfigUpdateRequest>;

// Transactions

/**
 * A §8 trade error code. SPEC lists 0 to 41; a backend may know later ones, which the console
 * shows as an unknown code rather than refusing the record.
 */
export const TradeErrorCode = z.number().int().min(0);

/** One row of the transaction history; `historyKey` is §3 side:method:attempt[:txType]. */
export const TxRecord = z.object({
  id: z.string(),
  tradeId: z.string().nullable(),
  tokenName: z.string(),
  side: z.enum(TX_SIDES),
  /** How the tx was made: the aggregator of a swap, the bridge of a bridge leg, or manual/refund/force/unlock-nonce. */
  method: z.string(),
  attempt: z.number().int().min(1),
  txType: z.enum(TX_TYPES),
  status: z.enum(TX_STATUSES),
  networkBuy: z.string().nullable(),
  networkSell: z.string().nullable(),
  network: z.string(),
  bridgeName: z.string().nullable(),
  amountIn: finite,
  amountOut: finite.nullable(),
  expectedProfit: finite.nullable(),
  hash: z.string().nullable(),
  createdAt: finite,
  updatedAt: finite,
  historyKey: z.string(),
  /** §8 trade error code, on the failed tx of a trade that failed with one; absent otherwise. */
  errCode: TradeErrorCode.optional(),
  /** Everything else known about the tx (nonce, gas, block...); only in GET /txs/{id}. */
  raw: z.unknown().optional(),
  /**
   * Only in GET /txs/{id}: every tx of the same trade (or the tx alone) by its §3 history key,
   * for the history popup grouped into Buy, Sell and Other.
   */
  history: z
    .record(
      z.string(),
      z.object({
        id: z.string(),
        status: z.enum(TX_STATUSES),
        network: z.string(),
        hash: z.string().nullable(),
        amountIn: finite,
        amountOut: finite.nullable(),
        createdAt: finite,
        updatedAt: finite,
        errCode: TradeErrorCode.optional(),
      }),
    )
    .optional(),
});
export type TxRecord = z.infer<typeof TxRecord>;

export const TX_SORT_FIELDS = ['createdAt', 'amountIn', 'expectedProfit', 'status', 'tokenName', 'id'] as const;
export type TxSortField = (typeof TX_SORT_FIELDS)[number];

/** GET /txs/ filter: every field optional; from and to are createdAt bounds in ms, both included. */
export const TxFilter = z
  .object({
    status: oneOrMany(z.enum(TX_STATUSES)).optional(),
    side: z.enum(TX_SIDES).optional(),
    txType: oneOrMany(z.enum(TX_TYPES)).optional(),
    network: oneOrMany(NetworkName).optional(),
    tokenName: z.string().min(1).max(64).optional(),
    tradeId: z.string().min(1).max(128).optional(),
    from: z.number().int().min(0).optional(),
    to: z.number().int().min(0).optional(),
    /** §8 trade error code of the tx (one or several). */
    errCode: oneOrMany(TradeErrorCode).optional(),
    /** Contained in the tokenName, or the start of the hash, tradeId or id (case-insensitive). */
    q: z.string().trim().min(1).max(128).optional(),
  })
  .strict()
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, { path: ['to'], message: 'must not be before from' });
export type TxFilter = z.infer<typeof TxFilter>;

export const TxListQuery = listQuery(TX_SORT_FIELDS, 'createdAt', 'DESC', TxFilter);
export type TxListQuery = z.infer<typeof TxListQuery>;
export const TxListResponse = z.object({ data: z.array(TxRecord), total: z.number().int().nonnegative() });
export type TxListResponse = z.infer<typeof TxListResponse>;

/**
 * One tx of a trade. amountIn is the quote-asset value (USD) the tx puts into the trade: the buy
 * swap carries the trade's capital, the later legs move what was bought and put in nothing, so
 * the trade's input is the sum of amountIn (the console's profit rule, §9). amountOut is the
 * tx's own output (tokens for the buy swap, USD for the sell), known once confirmed. An operator's
 * sell puts in the token amount it sells.
 */
export const TradeTx = z.object({
  txId: z.string(),
  txType: z.enum(TX_TYPES),
  network: z.string(),
  status: z.enum(TX_STATUSES),
  amountIn: finite,
  amountOut: finite.optional(),
  success: z.boolean().optional(),
});
export type TradeTx = z.infer<typeof TradeTx>;

/** What an operator asked for in POST /txs/sell (and later edits). */
export const SellDetails = z.object({
  network: z.string(),
  amount: positive,
  minAmountOut: nonNegative.optional(),
  slippageBps: z.number().int().min(0).max(10_000).optional(),
  note: z.string().max(500).optional(),
  createdBy: z.string(),
});
export type SellDetails = z.infer<typeof SellDetails>;

/** GET /txs/sell/{id}: a trade (or an operator's sell) by tradeId with its txs (§3, §7 trade fetch). */
export const TradeRecord = z.object({
  id: z.string(),
  tradeId: z.string(),
  tokenName: z.string(),
  networkBuy: z.string(),
  networkSell: z.string(),
  bridge: z.object({ name: z.string() }),
  txTypes: z.array(z.enum(TX_TYPES)),
  status: z.enum(['pending', 'completed', 'failed']),
  expectedProfit: finite,
  /** §8 trade error code of a failed trade, when the system reported one. */
  errCode: z.number().int().optional(),
  /** Present on sells created by an operator (POST /txs/sell). */
  sell: SellDetails.optional(),
  txs: z.array(TradeTx),
  createdAt: finite,
  updatedAt: finite,
});
export type TradeRecord = z.infer<typeof TradeRecord>;

/**
 * POST /txs/sell and PUT /txs/sell/{tradeId}: sell `amount` of a token on one of its networks.
 * Other fields (the whole record sent back by an edit form) are ignored.
 */
export const SellRequest = z.object({
  tokenName: RecordName,
  network: NetworkName,
  amount: positive,
  minAmountOut: nonNegative.optional(),
  slippageBps: z.number().int().min(0).max(10_000).optional(),
  note: z.string().max(500).optional(),
});
export type SellRequest = z.infer<typeof SellRequest>;

/** POST /txs/manual: one tx sent by hand; tokenName is a token on the network or its native coin. */
export const ManualTxRequest = z
  .object({
    network: NetworkName,
    txType: z.enum(TX_TYPES),
    tokenName: RecordName,
    amount: nonNegative,
    to: Address.optional(),
  })
  .strict();
export type ManualTxRequest = z.infer<typeof ManualTxRequest>;

/** POST /txs/refund: refund a trade or one tx of it (exactly one of tradeId and txId). */
export const RefundRequest = z
  .object({
    tradeId: z.string().min(1).max(128).optional(),
    txId: z.string().min(1).max(128).optional(),
    reason: z.string().max(500).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.tradeId === undefined && body.txId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['tradeId'], message: 'tradeId or txId is required' });
    } else if (body.tradeId !== undefined && body.txId !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['txId'], message: 'give tradeId or txId, not both' });
    }
  });
export type RefundRequest = z.infer<typeof RefundRequest>;

/** POST /txs/force: a forced trade (§4 trade mode force) of a token over a bridge between two networks. */
export const ForceTradeRequest = z
  .object({
    tokenName: RecordName,
    networkBuy: NetworkName,
    networkSell: NetworkName,
    bridgeName: RecordName,
    amount: positive,
  })
  .strict()
  .refine((body) => body.networkBuy !== body.networkSell, { path: ['networkSell'], message: 'must differ from networkBuy' });
export type ForceTradeRequest = z.infer<typeof ForceTradeRequest>;

/** POST /txs/unlock-nonce: fill a stuck nonce of the wallet on an EVM network. */
export const UnlockNonceRequest = z
  .object({ network: NetworkName, nonce: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) })
  .strict();
export type UnlockNonceRequest = z.infer<typeof UnlockNonceRequest>;

/** The answer to manual, refund, force and unlock-nonce: the id of the tx row recorded. */
export const TxOperationResponse = z.object({ ok: z.literal(true), id: z.string() });
export type TxOperationResponse = z.infer<typeof TxOperationResponse>;

/** The whole list of pinned tokenNames, as SPEC §7 writes the body of PUT /txs/pins and /txs/pins/sell: "pins". */
export const Pins = distinct(RecordName).max(500);
export type Pins = z.infer<typeof Pins>;

/** PUT /txs/pins and /txs/pins/sell: the pins themselves (what the console sends) or `{pins}`. Answers WorkersResponse. */
export const PinsRequest = z.preprocess((body) => (Array.isArray(body) ? { pins: body } : body), z.object({ pins: Pins }).strict());
export type PinsRequest = z.infer<typeof PinsRequest>;

// User logs

/** POST /logs/more: entries older than `before` (ms), newest first; user exact, action exact or a dotted prefix. */
export const LogsMoreRequest = z
  .object({
    before: z.number().int().min(0).optional(),
    limit: z.number().int().min(1).max(500).default(100),
    user: z.string().min(1).max(64).optional(),
    action: z.string().min(1).max(64).optional(),
  })
  .strict()
  .optional();
export type LogsMoreRequest = z.infer<typeof LogsMoreRequest>;

/** total: all entries matching user and action, whatever `before`. */
export const LogsMoreResponse = z.object({ data: z.array(UserLog), total: z.number().int().nonnegative() });
export type LogsMoreResponse = z.infer<typeof LogsMoreResponse>;

// Cloud groups

export const AwsGroupBody = z.looseObject({
  name: RecordName.max(128),
  region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d+$/, 'an AWS region such as eu-central-1').optional(),
  instanceType: z.string().min(1).max(64).optional(),
  desired: z.number().int().min(0).max(1000).optional(),
  running: z.number().int().min(0).max(1000).optional(),
});

/** PUT /aws/groups: the whole list of cloud groups. */
export const AwsGroupsRequest = z.object({ groups: distinct(AwsGroupBody, (group) => group.name).max(100) }).strict();
export type AwsGroupsRequest = z.infer<typeof AwsGroupsRequest>;
export const AwsGroupsResponse = z.object({ ok: z.literal(true), groups: z.array(AwsGroup) });
export type AwsGroupsResponse = z.infer<typeof AwsGroupsResponse>;

/** POST /aws/restart: restart the instances of one existing group. */
export const AwsRestartRequest = z.object({ group: z.string().min(1).max(128) }).strict();
export type AwsRestartRequest = z.infer<typeof AwsRestartRequest>;

// Solana bridge configuration (x is a path segment, e.g. wormhole)

/** x is the bridgeName (a path segment): any bridge name is a valid x. */
export const SolanaBridgeKind = RecordName;

/** One token of a Solana bridge config: per-network entries {address, decimals}. */
export const SolanaBridgeRecord = z.object({
  x: z.string(),
  token: z.string(),
  data: z.record(z.string(), z.looseObject({ address: z.string(), decimals: z.number().int() })),
  createdAt: finite,
  updatedAt: finite,
});
export type SolanaBridgeRecord = z.infer<typeof SolanaBridgeRecord>;

export const SolanaBridgeListResponse = z.object({ data: z.array(SolanaBridgeRecord), total: z.number().int().nonnegative() });
export type SolanaBridgeListResponse = z.infer<typeof SolanaBridgeListResponse>;

/** POST /solana-bridge/{x}: a new token entry. */
export const SolanaBridgeCreateRequest = z.object({ token: RecordName, data: PerNetworkBody }).strict();
export type SolanaBridgeCreateRequest = z.infer<typeof SolanaBridgeCreateRequest>;

/** PUT /solana-bridge/{x}/{token}: replaces the entry's data (other fields of the record are ignored). */
export const SolanaBridgeUpdateRequest = z.object({ data: PerNetworkBody });
export type SolanaBridgeUpdateRequest = z.infer<typeof SolanaBridgeUpdateRequest>;

/** Largest CSV accepted by the import (its request body may be a little larger). */
export const SOLANA_IMPORT_MAX_CHARS = 8 * 1024 * 1024;

/** POST /solana-bridge/{x}/import: CSV text with the header token,network,address,decimals. */
export const SolanaBridgeImportRequest = z.object({ csv: z.string().min(1).max(SOLANA_IMPORT_MAX_CHARS) }).strict();
export type SolanaBridgeImportRequest = z.infer<typeof SolanaBridgeImportRequest>;

/** row: the line number in the CSV text (the header is line 1). Valid rows are imported even when others fail. */
export const SolanaBridgeImportResponse = z.object({
  imported: z.number().int().nonnegative(),
  tokens: z.number().int().nonnegative(),
  errors: z.array(z.object({ row: z.number().int().min(1), message: z.string() })),
});
export type SolanaBridgeImportResponse = z.infer<typeof SolanaBridgeImportResponse>;

// ---------- Socket events (server -> client) ----------

export const InitPayload = z.object({
  devMode: z.boolean(),
  msRemainingBeforeDisconnect: finite,
  allTokens: z.record(z.string(), Token),
  competitors: z.array(z.unknown()),
  bridges: z.record(z.string(), Bridge),
  miscSettings: MiscSettings,
  brainState: BrainState,
  awsGroups: z.array(AwsGroup),
  connectedServices: ConnectedServices,
});
export type InitPayload = z.infer<typeof InitPayload>;

const soundNames = Object.keys(SOUND_FACTORS) as [keyof typeof SOUND_FACTORS, ...(keyof typeof SOUND_FACTORS)[]];

export const ServerEvents = {
  init: InitPayload,
  eventCache: z.record(z.string(), z.unknown()),
  brainState: BrainState,
  cloudUpdateDone: z.array(AwsGroup),
  connectedUsers: z.array(ConnectedUser),
  connectedServices: ConnectedServices,
  miscSettingsUpdateDone: MiscSettings,
  /** PROTOCOL sends `{}`; a bare emit (no payload) means the same. */
  stopReconnect: z.unknown(),
  newUserLog: UserLog,
  command: z.object({ name: z.string(), seconds: finite.optional() }),
  notify: z.object({
    msg: z.string(),
    type: z.enum(['info', 'success', 'warning', 'error']),
    autoClose: z.union([finite, z.literal(false)]),
  }),
  sound: z.object({ name: z.enum(soundNames) }),
  tokenCreateDone: Token,
  tokenUpdateDone: Token,
  tokenDeleteDone: z.object({ tokenName: z.string() }),
  bridgeCreateDone: Bridge,
  bridgeUpdateDone: Bridge,
  bridgeDeleteDone: z.object({ bridgeName: z.string(), tokens: z.record(z.string(), Token) }),
  checkerAddResults: z.looseObject({ iterId: z.string() }),
  checkerDeleteResults: z.object({ iterId: z.string() }),
  newBlock: z.object({ network: z.string(), num: z.number().int().nonnegative() }),
  gas: z.object({ network: z.string(), gasEstimate: finite }),
  balance: z.object({ network: z.string(), balance: finite }),
  secondBalance: z.object({ address: z.string(), network: z.string(), balance: finite }),
  workerIterationResult: z.looseObject({ key: z.string() }),
  workerIterationError: z.object({ key: z.string(), error: z.string() }),
  workerStats: z.string(),
  analytics: z.string(),
  events: z.string(),
  lpStats: z.string(),
  eventerStats: z.string(),
  txSent: z.object({
    tradeId: z.string(),
    tokenName: z.string(),
    txTypes: z.array(z.string()),
    networkBuy: z.string(),
    networkSell: z.string(),
    bridge: z.looseObject({ name: z.string() }),
  }),
  txConfirmed: z.object({ txs: z.record(z.string(), TxConfirmation), errCode: z.number().int().nullish() }),
} as const;

export type ServerEventName = keyof typeof ServerEvents;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof ServerEvents)[E]>;
export const SERVER_EVENT_NAMES = Object.keys(ServerEvents) as ServerEventName[];

export function isServerEventName(name: string): name is ServerEventName {
  return Object.prototype.hasOwnProperty.call(ServerEvents, name);
}

/** Events the server caches and replays through eventCache (the last payload of each). */
export const CACHED_EVENTS = [
  'brainState', 'connectedServices', 'connectedUsers', 'workerStats', 'analytics', 'events', 'lpStats',
  'eventerStats', 'miscSettingsUpdateDone', 'cloudUpdateDone',
] as const satisfies readonly ServerEventName[];

/**
 * Events cached per key (PROTOCOL eventCache): the last payload of each network's block head, gas
 * and balance, of each address's balance per network, of each tracked pool. In `eventCache` their
 * value is the list of those payloads. The key is read from the payload.
 */
export const KEYED_CACHED_EVENTS = {
  newBlock: (p: ServerEventPayload<'newBlock'>) => p.network,
  gas: (p: ServerEventPayload<'gas'>) => p.network,
  balance: (p: ServerEventPayload<'balance'>) => p.network,
  secondBalance: (p: ServerEventPayload<'secondBalance'>) => `${p.address} ${p.network}`,
  workerIterationResult: (p: ServerEventPayload<'workerIterationResult'>) => p.key,
  workerIterationError: (p: ServerEventPayload<'workerIterationError'>) => p.key,
} as const satisfies { [E in ServerEventName]?: (payload: ServerEventPayload<E>) => string };
export type KeyedCachedEvent = keyof typeof KEYED_CACHED_EVENTS;

/**
 * The payloads an `eventCache` value stands for: a list of them (the per-key form) or one. An event
 * whose own payload is a list (connectedUsers, cloudUpdateDone) is in the per-key form only when
 * every element is itself a list.
 */
export function eventCachePayloads(event: ServerEventName, value: unknown): unknown[] {
  if (!Array.isArray(value)) return [value];
  const payloadIsList = ServerEvents[event].safeParse([]).success;
  if (!payloadIsList) return value;
  return value.length > 0 && value.every(Array.isArray) ? value : [value];
}

// ---------- Client -> server ----------
export const CLIENT_PING = 'ping';

/** "path: message; ..." of the first few zod issues, for a log line or a message. */
export function summarizeIssues(error: z.ZodError, max = 3): string {
  const parts = error.issues.slice(0, max).map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
  if (error.issues.length > max) parts.push(`… ${error.issues.length - max} more`);
  return parts.join('; ');
}
