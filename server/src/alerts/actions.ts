/**
 * What a person does to alerts (docs/protocol.md "Alerts lifecycle"), the same from the console's
 * routes and from a Telegram button: acknowledge, silence, end a silence. Each is kept in the same
 * transaction as its user log entry (in the person's name): if either fails, neither is kept and
 * nothing changes. Only then does the evaluator apply it, and broadcast.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SILENCES_MAX } from '../../../src/config/alerts.ts';
import type { Alert, Silence, SilenceRequest } from '../../../src/contract/alerts.ts';
import { HttpError } from '../lib/httpError.ts';
import { AlertRefusal } from './evaluator.ts';

/** Acknowledges an open alert; 404 unknown, 409 resolved (as HttpError). */
export async function acknowledgeAs(app: FastifyInstance, id: string, by: string, comment: string | undefined, via?: string): Promise<Alert> {
  try {
    // Read before the transaction: an unknown alert is looked up in the store, which the transaction would hold.
    const tracked = await app.alerts.evaluator.prepareAck(id, by, comment);
    const prepared = await app.mutate(by, 'alerts.ack', async (tx) => {
      await tx.alerts.saveAlert(tracked);
      const { alert } = tracked;
      return { result: tracked, details: { alertId: alert.id, alert: alert.text, ...(comment ? { comment } : {}), ...(via ? { via } : {}) } };
    });
    app.alerts.evaluator.commitAck(prepared);
    return prepared.alert;
  } catch (err) {
    if (err instanceof AlertRefusal) throw new HttpError(err.status, err.message);
    throw err;
  }
}

/** A new silence from now until `until` (checked by the caller); 409 past the number allowed at once. */
export async function silenceAs(app: FastifyInstance, input: SilenceRequest, by: string): Promise<Silence> {
  if (app.alerts.evaluator.activeSilences().length >= SILENCES_MAX) {
    throw new HttpError(409, `at most ${SILENCES_MAX} silences at once: end one first`);
  }
  const { ruleId, subject, until, reason } = input;
  const silence = await app.mutate(by, 'alerts.silence', async (tx) => {
    const made: Silence = { id: randomUUID(), ...(ruleId ? { ruleId } : {}), ...(subject ? { subject } : {}), until, reason, by, at: app.clock.now() };
    await tx.alerts.addSilence(made);
    return { result: made, details: { silenceId: made.id, ...(ruleId ? { ruleId } : {}), ...(subject ? { subject } : {}), until, reason } };
  });
  app.alerts.evaluator.addSilence(silence, true);
  return silence;
}

/** Ends a silence early; 404 when none by that id is in force. */
export async function endSilenceAs(app: FastifyInstance, id: string, by: string): Promise<void> {
  const silence = app.alerts.evaluator.activeSilences().find((s) => s.id === id);
  if (!silence) throw new HttpError(404, 'silence not found');
  await app.mutate(by, 'alerts.unsilence', async (tx) => {
    await tx.alerts.deleteSilence(id);
    return { result: undefined, before: silence, details: { silenceId: id, reason: silence.reason } };
  });
  app.alerts.evaluator.endSilence(id, true);
}
