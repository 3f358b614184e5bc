/**
 * The alerts lifecycle (docs/protocol.md "Alerts lifecycle"): an alert is one rule holding for one
 * subject, pending → firing → resolved, with an acknowledgement and a silence. The socket carries
 * every change (alertChanged, silencesChanged) and init the active alerts, so these schemas are in
 * the signed-in frame's chunk: they are kept small.
 */
import { ALERT_NOTE_MAX, ALERTS_PAGE_MAX, SILENCE_MAX_MS } from '../config/alerts.ts';
import { ALERT_HISTORY_EVENTS, ALERT_SEVERITIES, ALERT_STATES, ALERT_SUBJECT_TYPES } from '../config/enums.ts';
import { finite } from './builders.ts';
import { z } from './zod.ts';

const time = z.number().int().nonnegative();

/** What the alert is about: a network by name, a service (or peer) by name, or the system as a whole. */
export const AlertSubject = z.object({ type: z.enum(ALERT_SUBJECT_TYPES), name: z.string().min(1).max(64).optional() });
export type AlertSubject = z.infer<typeof AlertSubject>;

export const AlertAck = z.object({ by: z.string(), at: time, comment: z.string().optional() });
export type AlertAck = z.infer<typeof AlertAck>;

export const AlertHistoryEntry = z.object({ at: time, event: z.enum(ALERT_HISTORY_EVENTS), by: z.string().optional() });
export type AlertHistoryEntry = z.infer<typeof AlertHistoryEntry>;

export const Alert = z.object({
  id: z.string(),
  ruleId: z.string(),
  kind: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  subject: AlertSubject,
  state: z.enum(ALERT_STATES),
  /** Names the subject, the value and the threshold: "Arbitrum balance 0.012 ETH is below 0.05 ETH". */
  text: z.string(),
  value: finite.optional(),
  threshold: finite.optional(),
  startedAt: time,
  firingAt: time.optional(),
  resolvedAt: time.optional(),
  ack: AlertAck.optional(),
  silenceId: z.string().optional(),
  history: z.array(AlertHistoryEntry),
});
export type Alert = z.infer<typeof Alert>;

export const AlertsResponse = z.object({ data: z.array(Alert) });
export type AlertsResponse = z.infer<typeof AlertsResponse>;

export const AckRequest = z.object({ comment: z.string().trim().max(ALERT_NOTE_MAX).optional() }).strict();
export type AckRequest = z.infer<typeof AckRequest>;

export const Silence = z.object({
  id: z.string(),
  ruleId: z.string().optional(),
  subject: AlertSubject.optional(),
  until: time,
  reason: z.string(),
  by: z.string(),
  at: time,
});
export type Silence = z.infer<typeof Silence>;

export const SilencesResponse = z.object({ data: z.array(Silence) });
export type SilencesResponse = z.infer<typeof SilencesResponse>;

/**
 * A new silence: a rule, a subject or both; an end in the future, at most 7 days ahead (checked
 * against the clock by the server); a reason.
 */
export const SilenceRequest = z
  .object({
    ruleId: z.string().min(1).max(64).optional(),
    subject: AlertSubject.strict().optional(),
    until: time,
    reason: z.string().trim().min(1, 'say why').max(ALERT_NOTE_MAX),
  })
  .strict()
  .refine((body) => body.ruleId !== undefined || body.subject !== undefined, {
    message: 'name a rule or a subject',
    path: ['ruleId'],
  });
export type SilenceRequest = z.infer<typeof SilenceRequest>;

/** How far ahead a silence may end, for the form and the server alike. */
export const silenceEndProblem = (until: number, now: number): string | null =>
  until <= now ? 'must be in the future' : until - now > SILENCE_MAX_MS ? 'at most 7 days ahead' : null;

/** GET /alerts: the active ones or all, within [from, to) by start when given, at most `limit`. */
export const AlertsQuery = z.object({
  state: z.enum(['active', 'all']).optional(),
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(ALERTS_PAGE_MAX).optional(),
});
export type AlertsQuery = z.infer<typeof AlertsQuery>;
