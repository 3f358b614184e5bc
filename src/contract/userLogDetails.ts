/**
 * What a user log entry's `details` hold (docs/protocol.md "The user log" leaves them `unknown`).
 * The reference server writes, per action, the facts a sentence needs ("admin turned Sell Only on",
 * "admin changed token USDC: decimals on Base 6 → 18"); the console reads them through
 * `userLogDetails` and falls back to words for details it does not know (an older entry, or another
 * backend's free-form details). Not re-exported by index.ts, so the entry chunk does not carry these
 * schemas.
 */
import { z } from './zod.ts';

/**
 * One field that changed, by its dotted path in the record ("networkData.Base.decimals"); `from`
 * is absent when the field was added, `to` when it was removed.
 */
export const FieldChange = z.object({ path: z.string(), from: z.unknown().optional(), to: z.unknown().optional() });
export type FieldChange = z.infer<typeof FieldChange>;

const Name = z.string().min(1);
const Id = z.string().min(1);

/** A record created or deleted: its name. (`after`/`before` keep the whole record.) */
const Named = z.looseObject({ name: Name });
/** A record changed: its name and the fields that changed (`before`/`after` keep the whole record). */
const Changed = z.looseObject({ name: Name, changes: z.array(FieldChange) });

/**
 * `details` per action, as the reference server writes them. Every shape is loose: a server may
 * add facts. `before`/`after` (when present) keep the record as it was and is; `changes` names what changed.
 */
export const USER_LOG_DETAILS = {
  /** PUT /settings/misc: the setting, its old and new value (`changes` when several changed at once). */
  'settings.misc': z.looseObject({ setting: Name, from: z.unknown().optional(), to: z.unknown().optional(), changes: z.array(FieldChange).optional() }),
  'settings.automation.bridges': z.looseObject({ enabled: z.boolean(), bridges: z.array(z.string()) }),
  'settings.cache.results.clear': z.looseObject({ cleared: z.number().int().nonnegative() }),
  'workers.start': z.looseObject({}),
  'workers.stop': z.looseObject({}),
  /** POST /command: the service it went to and the command. */
  command: z.looseObject({ to: Name, cmd: Name }),
  'service.restart': z.looseObject({
    service: Name,
    scaling: z.boolean().optional(),
    deploymentName: z.string().optional(),
    namespace: z.string().optional(),
  }),
  'peer.restart': z.looseObject({ peer: Name }),
  'token.create': Named,
  'token.update': Changed,
  'token.delete': Named,
  'bridge.create': Named,
  'bridge.update': Changed,
  'bridge.delete': Named,
  'config.update': Changed,
  'solanaBridge.create': Named.extend({ x: Name }),
  'solanaBridge.update': Changed.extend({ x: Name }),
  'solanaBridge.deleteNetwork': Changed.extend({ x: Name, network: Name }),
  'solanaBridge.delete': Named.extend({ x: Name }),
  'solanaBridge.import': z.looseObject({ x: Name, imported: z.number(), tokens: z.number(), errors: z.number() }),
  /** A sell: its trade, token, network and amount; an edit also the fields that changed. */
  'sell.create': z.looseObject({ tradeId: Id, tokenName: Name, network: z.string(), amount: z.number() }),
  'sell.update': z.looseObject({ tradeId: Id, changes: z.array(FieldChange) }),
  /** The tx operations: `txId` is the tx the operation queued. */
  'tx.refund': z.looseObject({ txId: Id, tradeId: Id.nullable().optional(), refundOf: z.string().optional(), reason: z.string().optional() }),
  'tx.force': z.looseObject({ txId: Id, tradeId: Id, tokenName: Name, networkBuy: Name, networkSell: Name, bridgeName: Name, amount: z.number() }),
  'tx.manual': z.looseObject({ txId: Id, network: Name, txType: Name, tokenName: Name, amount: z.number(), to: z.string().optional() }),
  'tx.unlockNonce': z.looseObject({ txId: Id, network: Name, nonce: z.number(), wasLocked: z.boolean().optional() }),
  /** Pins: the whole new list, and what was added and removed. */
  'pins.update': z.looseObject({ pins: z.array(z.string()), added: z.array(z.string()), removed: z.array(z.string()) }),
  'pins.sell.update': z.looseObject({ pins: z.array(z.string()), added: z.array(z.string()), removed: z.array(z.string()) }),
  'aws.groups': z.looseObject({ added: z.array(z.string()), removed: z.array(z.string()), changes: z.array(FieldChange) }),
  'aws.restart': z.looseObject({ group: Name }),
  'session.logout': z.looseObject({ role: z.string().optional() }),
  /** PUT /alerts/destinations: what changed, never a secret; the names of destinations whose secret changed. */
  'alerts.destinations': z.looseObject({ changes: z.array(FieldChange), secretsChanged: z.array(Name).optional() }),
  /** docs/protocol.md "Alerts lifecycle": the alert acknowledged (its text), the comment; from Telegram, `via`. */
  'alerts.ack': z.looseObject({ alertId: Id, alert: z.string(), comment: z.string().optional(), via: z.string().optional() }),
  /** A silence: what it covers, until when, why. */
  'alerts.silence': z.looseObject({ silenceId: Id, ruleId: z.string().optional(), subject: z.unknown().optional(), until: z.number(), reason: z.string() }),
  'alerts.unsilence': z.looseObject({ silenceId: Id, reason: z.string() }),
} as const;

export type UserLogAction = keyof typeof USER_LOG_DETAILS;
export type UserLogDetails<A extends UserLogAction> = z.infer<(typeof USER_LOG_DETAILS)[A]>;

export const isUserLogAction = (action: string): action is UserLogAction => Object.hasOwn(USER_LOG_DETAILS, action);

/** The entry's details in their known shape, or null (unknown action, missing or free-form details). */
export function userLogDetails<A extends UserLogAction>(action: A, details: unknown): UserLogDetails<A> | null {
  const parsed = USER_LOG_DETAILS[action].safeParse(details);
  return parsed.success ? (parsed.data as UserLogDetails<A>) : null;
}
