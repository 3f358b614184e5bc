/**
 * Alerts delivery (docs/protocol.md "Alerts delivery"): the destinations an Admin configures, the
 * test send's answer, the delivery log and the webhook's structured body. Not re-exported by
 * index.ts: the home chunk never needs these schemas.
 */
import { ALERT_DELIVERIES_LIMIT_MAX, ALERT_DESTINATIONS_MAX } from '../config/alertDelivery.ts';
import { ALERT_SEVERITIES } from '../config/enums.ts';
import { AlertSubject } from './alerts.ts';
import { z } from './zod.ts';

export const DESTINATION_KINDS = ['webhook', 'slack', 'telegram'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];

export const DELIVERY_STATUSES = ['firing', 'resolved', 'test'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const httpUrl = z
  .string()
  .max(2000)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), 'must be an http(s) URL');

/** A destination as GET answers it: its secret (botToken; a Slack URL, which is one) masked. */
export const Destination = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(DESTINATION_KINDS),
  enabled: z.boolean(),
  url: z.string().optional(),
  chatId: z.string().optional(),
  botToken: z.string().optional(),
  apiBase: z.string().optional(),
  /** Telegram: firing messages carry "Acknowledge" and "Silence 1 h" buttons, and presses from its chat are applied. */
  commands: z.boolean().optional(),
});
export type Destination = z.infer<typeof Destination>;

export const DestinationsResponse = z.object({ destinations: z.array(Destination) });
export type DestinationsResponse = z.infer<typeof DestinationsResponse>;

/**
 * One destination of PUT: `id` may be left out (the server assigns one). A URL or bot token equal to
 * the masked one GET gave keeps the stored secret, so it is checked as a URL only when new.
 */
export const DestinationInput = z
  .object({
    id: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only').optional(),
    name: z.string().trim().min(1).max(80),
    kind: z.enum(DESTINATION_KINDS),
    enabled: z.boolean(),
    url: z.string().max(2000).optional(),
    chatId: z.string().trim().min(1).max(64).optional(),
    botToken: z.string().min(1).max(200).optional(),
    apiBase: httpUrl.optional(),
    commands: z.boolean().optional(),
  })
  .strict();
export type DestinationInput = z.infer<typeof DestinationInput>;

export const DestinationsRequest = z.object({ destinations: z.array(DestinationInput).max(ALERT_DESTINATIONS_MAX) }).strict();
export type DestinationsRequest = z.infer<typeof DestinationsRequest>;

/** POST /alerts/destinations/{id}/test: the answer of one attempt. */
export const DeliveryAttemptResponse = z.object({ ok: z.boolean(), status: z.number().int().optional(), error: z.string().optional() });
export type DeliveryAttemptResponse = z.infer<typeof DeliveryAttemptResponse>;

/**
 * Where a message is in the delivery log (docs/protocol.md "Alerts delivery"): waiting for its
 * (next) try, being tried, delivered, or failed for good with its reason.
 */
export const DELIVERY_STATES = ['pending', 'sending', 'ok', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const Delivery = z.object({
  id: z.string(),
  at: z.number(),
  destinationId: z.string(),
  rule: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  text: z.string(),
  ok: z.boolean(),
  attempts: z.number().int().nonnegative(),
  error: z.string().optional(),
  /** Optional: a backend without an outbox leaves it out (`ok` then says it all). */
  state: z.enum(DELIVERY_STATES).optional(),
  /** When a pending message is tried (again), ms since the epoch; absent once it is finished. */
  nextAttemptAt: z.number().optional(),
});
export type Delivery = z.infer<typeof Delivery>;

export const DeliveriesQuery = z.object({ limit: z.coerce.number().int().min(1).max(ALERT_DELIVERIES_LIMIT_MAX).optional() });
export const DeliveriesResponse = z.object({ data: z.array(Delivery) });
export type DeliveriesResponse = z.infer<typeof DeliveriesResponse>;

/** What a webhook destination receives (docs/protocol.md "Alerts delivery"). */
export const WebhookBody = z.object({
  status: z.enum(DELIVERY_STATUSES),
  rule: z.string(),
  text: z.string(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  /** docs/protocol.md "Alerts lifecycle": which alert, how bad, about what, and its figures. */
  alertId: z.string().optional(),
  severity: z.enum(ALERT_SEVERITIES).optional(),
  subject: AlertSubject.optional(),
  value: z.number().optional(),
  threshold: z.number().optional(),
  /**
   * The delivery log row's id: the same on every try of one message to one destination, so a
   * receiver can drop a repeat (delivery is at least once across a crash).
   */
  deliveryId: z.string().optional(),
});
export type WebhookBody = z.infer<typeof WebhookBody>;
