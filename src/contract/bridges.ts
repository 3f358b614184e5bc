/** §7 bridges: the bodies of POST and PUT /bridges, a stored bridge, fees and bridge automation. */
import { BRIDGE_KINDS } from '../config/enums.ts';
import { NATIVE_COINS } from '../config/networks.ts';
import { NetworkName, RecordName, RecordVersion } from './base.ts';
import { distinct, nonNegative } from './builders.ts';
import { Bridge } from './shapes.ts';
import { z } from './zod.ts';

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

/** PUT /settings/automation/bridges; `bridges` omitted keeps the current list. Answers MiscSettingsResponse. */
export const BridgeAutomationRequest = z.object({ enabled: z.boolean(), bridges: distinct(RecordName).optional() }).strict();
export type BridgeAutomationRequest = z.infer<typeof BridgeAutomationRequest>;
