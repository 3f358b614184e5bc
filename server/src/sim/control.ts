/**
 * The simulator's control (POST /api/sim/control): its request, its answer and its entry, of the
 * same shape as the operations table's (src/contract/operations.ts) but the reference server's own.
 * It is not part of the contract, so the OpenAPI document leaves it out; the route is routes/sim.ts.
 */
import { z } from 'zod';
import { TX_TYPES } from '../../../src/config/enums.ts';
import { OkResponse, ServerEvents } from '../../../src/contract/index.ts';
import type { Operation } from '../../../src/contract/operations.ts';
import { SIM_NETWORK_NAMES, TRADE_ERROR_CODE_MAX } from './profiles.ts';

/** Longest stall the route accepts: 10 min. */
const MAX_STALL_MS = 10 * 60_000;
const MAX_RATE = 1000;
const MAX_REFUSED_PATH = 512;
const MAX_REFUSAL_ERROR = 500;
const MAX_REFUSALS = 100;

export const SimControlRequest = z.discriminatedUnion('action', [
  /** The network's block head stops for ms (wall clock) from now, in place of an earlier stall sent here (ms 1 ends that one). */
  z.object({ action: z.literal('stall'), network: z.enum(SIM_NETWORK_NAMES), ms: z.number().int().min(1).max(MAX_STALL_MS) }).strict(),
  /** The network's balance held at `balance` (sent now, and instead of the simulated ones) until null releases it. */
  z
    .object({ action: z.literal('balance'), network: z.enum(SIM_NETWORK_NAMES), balance: z.number().finite().min(0).nullable() })
    .strict(),
  /**
   * One trade now; fail or an errCode (0..41) force a failure; slow: one of its steps takes minutes (a
   * stuck trade to show); slowStep: that one is its step of this tx type (Bridge: every trade has one);
   * failStep: it fails at its step of this tx type, and the steps after it are skipped.
   */
  z
    .object({
      action: z.literal('trade'),
      fail: z.boolean().optional(),
      errCode: z.number().int().min(0).max(TRADE_ERROR_CODE_MAX).optional(),
      slow: z.boolean().optional(),
      slowStep: z.enum(TX_TYPES).optional(),
      failStep: z.enum(TX_TYPES).optional(),
    })
    .strict(),
  ServerEvents.notify.extend({ action: z.literal('notify') }).strict(),
  /** command {name: 'background', seconds}; the console clamps seconds to 1..19 (default 18). */
  z.object({ action: z.literal('background'), seconds: z.number().finite().min(0).max(3600).optional() }).strict(),
  /** stopReconnect to every socket, then disconnect: the console's no-retry path. */
  z.object({ action: z.literal('stopReconnect') }).strict(),
  z.object({ action: z.literal('rate'), rate: z.number().positive().max(MAX_RATE) }).strict(),
  /**
   * quiet true: the simulation does nothing by chance that a test could meet (no trade, stall, peer or
   * service outage, notice or failed operator's tx of its own; an outage under way ends now), only
   * what is asked for here; the feeds go on. quiet false: all of it again.
   */
  z.object({ action: z.literal('quiet'), quiet: z.boolean() }).strict(),
  /** The next `times` requests to method and path are answered with status and {error} (sim/refusals.ts); 0 withdraws. */
  z
    .object({
      action: z.literal('refuse'),
      method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
      path: z.string().startsWith('/api/').max(MAX_REFUSED_PATH),
      status: z.number().int().min(400).max(599),
      error: z.string().min(1).max(MAX_REFUSAL_ERROR),
      times: z.number().int().min(0).max(MAX_REFUSALS),
    })
    .strict(),
]);
export type SimControlRequest = z.infer<typeof SimControlRequest>;

/** {ok: true}; a trade also names its tradeId, so a demo or test can follow it to its confirmation. */
export const SimControlResponse = OkResponse.extend({ tradeId: z.string().optional() });

/** The control's entry: Admin only, and registered only while the simulator runs. */
export const SIM_CONTROL = {
  method: 'POST',
  path: '/api/sim/control',
  access: 'admin',
  id: 'simControl',
  summary: 'Put a situation of the simulated trading system on screen now',
  source: 'server/src/routes/sim.ts',
  body: SimControlRequest,
  response: SimControlResponse,
} as const satisfies Operation;
