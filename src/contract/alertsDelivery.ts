/**
 * PROTOCOL "Alerts delivery" (console extension): where the server sends the shared alert rules'
 * firing and resolved messages, and what it sent. Admin only; a backend may omit it (404).
 */
import { finite } from './builders.ts';
import { z } from './zod.ts';

export const DESTINATION_KINDS = ['webhook', 'slack', 'telegram'] as const;

const HttpUrl = z.string().max(2048).regex(/^https?:\/\/\S+$/i, 'an http(s) URL');

/** Secrets (botToken) come back masked: all but their last 4 characters hidden. */
export const Destination = z.object({
  id: z.string().min(1).max(128),
  name: z.string().min(1).max(128),
  kind: z.enum(DESTINATION_KINDS),
  enabled: z.boolean(),
  /** webhook and slack. */
  url: HttpUrl.optional(),
  /** telegram. */
  chatId: z.string().max(128).optional(),
  /** telegram; masked in answers, and a masked one sent back keeps the stored secret. */
  botToken: z.string().max(256).optional(),
  /** telegram; default https://api.telegram.org. */
  apiBase: HttpUrl.optional(),
});
export type Destination = z.infer<typeof Destination>;

/** A destination whose id may be left out: the server assigns one. */
export const DestinationInput = Destination.extend({ id: Destination.shape.id.optional() });
export type DestinationInput = z.infer<typeof DestinationInput>;

/** GET and PUT /alerts/destinations answer the list. */
export const DestinationsResponse = z.object({ destinations: z.array(Destination) });
export type DestinationsResponse = z.infer<typeof DestinationsResponse>;

/** PUT /alerts/destinations replaces the whole list. */
export const DestinationsRequest = z.object({ destinations: z.array(DestinationInput).max(50) }).strict();
export type DestinationsRequest = z.infer<typeof DestinationsRequest>;

/** POST /alerts/destinations/{id}/test: the outcome of one delivery attempt of a test message. */
export const DestinationTestResponse = z.object({ ok: z.boolean(), status: z.number().int().optional(), error: z.string().optional() });
export type DestinationTestResponse = z.infer<typeof DestinationTestResponse>;

export const DeliveriesQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).optional() }).strict();

export const Delivery = z.object({
  id: z.string(),
  at: finite,
  destinationId: z.string(),
  rule: z.unknown(),
  status: z.enum(['firing', 'resolved', 'test']),
  text: z.string(),
  ok: z.boolean(),
  attempts: z.number().int().min(0),
  error: z.string().optional(),
});
export type Delivery = z.infer<typeof Delivery>;

/** GET /alerts/deliveries?limit=: newest first. */
export const DeliveriesResponse = z.object({ data: z.array(Delivery) });
export type DeliveriesResponse = z.infer<typeof DeliveriesResponse>;
