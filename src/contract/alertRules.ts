/**
 * Alert rules: on the server only, in misc settings as `alertRules` (an Admin saves them with PUT
 * /settings/misc {updates: {alertRules}}; init and miscSettingsUpdateDone carry them).
 * docs/protocol.md "Shapes" leaves misc settings open (`{ sellOnly?, ... }`); this is the shape the
 * console and the reference server agree on, with the fields of docs/protocol.md "Alerts lifecycle"
 * (id, severity, forSeconds, resolveSeconds). A rule with a network watches that network; without
 * one, every network, each its own alert.
 */
import { ALERT_RULES_MAX, ALERT_SECONDS_MAX } from '../config/alerts.ts';
import { ALERT_SEVERITIES } from '../config/enums.ts';
import { NETWORKS } from '../config/networks.ts';
import { positive } from './builders.ts';
import { z } from './zod.ts';

const network = z.enum(NETWORKS);
const seconds = z.number().int().min(0).max(ALERT_SECONDS_MAX);

/** docs/protocol.md "Alerts lifecycle": every kind of rule has these, all optional. */
const lifecycle = {
  /** Assigned by the server when absent, and kept: alerts name their rule by it. */
  id: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only').optional(),
  severity: z.enum(ALERT_SEVERITIES).optional(),
  /** The rule must hold this long before it fires (pending until then). */
  forSeconds: seconds.optional(),
  /** A resolved alert that holds again within this time is reopened, with no new firing message. */
  resolveSeconds: seconds.optional(),
};

/** One schema per kind of rule. */
export const ALERT_RULE_SHAPES = [
  /** The network's balance is below `below`, in its native coin or (unit usd) in USD through nativePriceUSD. */
  z.object({ ...lifecycle, kind: z.literal('balanceBelow'), network: network.optional(), below: positive, unit: z.enum(['native', 'usd']) }).strict(),
  /** The network's gas estimate is above `above` (the unit the gas event has, see config/alerts.ts). */
  z.object({ ...lifecycle, kind: z.literal('gasAbove'), network: network.optional(), above: positive }).strict(),
  /** The network's block head has been stale (§4/§9 threshold) for longer than `seconds`. */
  z.object({ ...lifecycle, kind: z.literal('blockStale'), network: network.optional(), seconds }).strict(),
  /** Service health (§4) has not been green for longer than `seconds`. */
  z.object({ ...lifecycle, kind: z.literal('healthNotGreen'), seconds }).strict(),
  /** Nothing at all has arrived from the server for longer than `seconds`. */
  z.object({ ...lifecycle, kind: z.literal('noEvents'), seconds: seconds.min(1) }).strict(),
] as const;

/**
 * In the console a plain union: its parser is in the boot chunk already, where a discriminated
 * union's would add 0.4 kB to home (docs/decisions.md "Bundle budgets and lazy chunks"). The
 * console writes only rules it has checked.
 */
export const AlertRule = z.union(ALERT_RULE_SHAPES);
export type AlertRule = z.infer<typeof AlertRule>;
export type AlertRuleKind = AlertRule['kind'];

export const AlertRules = z.array(AlertRule).max(ALERT_RULES_MAX);
export type AlertRules = z.infer<typeof AlertRules>;

/**
 * The same list with each rule matched by its kind, for the server: a 400 then names the wrong field
 * of that kind ("updates.alertRules.0.below: Too small") rather than the union's "Invalid input".
 * Built on call, so the console never constructs it.
 */
export const alertRulesByKind = () => z.array(z.discriminatedUnion('kind', ALERT_RULE_SHAPES)).max(ALERT_RULES_MAX);
