/** The shapes records take (docs/protocol.md "Shapes"), in REST answers and socket events alike. */
import { TX_TYPES } from '../config/enums.ts';
import { finite } from './builders.ts';
import { z } from './zod.ts';

export const NetworkDataEntry = z.looseObject({ address: z.string(), decimals: z.number().int().min(0).max(255) });
export type NetworkDataEntry = z.infer<typeof NetworkDataEntry>;

/** §3: the ATA entry of networkData (Solana associated token accounts) is skipped by every reader. */
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
  /** docs/protocol.md "Shapes": a backend without a wallet yet may send null. */
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

/** A service as the backend last heard from it (docs/protocol.md "Shapes", the named-services extension). */
export const ServiceReport = z.object({ name: z.string().min(1).max(64), connected: z.boolean(), lastSeenAt: finite });
export type ServiceReport = z.infer<typeof ServiceReport>;

/** The counts of §4's health; `services`, a console extension, names each service (absent: the counts alone). */
export const ConnectedServices = z.object({ numConnected: finite, numExpected: finite, services: z.array(ServiceReport).max(256).optional() });
export type ConnectedServices = z.infer<typeof ConnectedServices>;

/** docs/protocol.md "Shapes" leaves AwsGroup open: the reference server names each group; another backend may not. */
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

/** §3: a trade has txs with txType and amountIn. */
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
