/**
 * What a person does to alerts (docs/protocol.md "Alerts lifecycle"), the same from the console's
 * routes and from a Telegram button: acknowledge, silence, end a silence. Each writes its user log
 * entry (in the person's name) and goes through the evaluator, which broadcasts the change.
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
    return await app.mutate(by, 'alerts.ack', async () => {
      const alert = await app.alerts.evaluator.acknowledge(id, by, comment);
      return { result: alert, details: { alertId: alert.id, alert: alert.text, ...(comment ? { comment } : {}), ...(via ? { via } : {}) } };
    });
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
  return app.mutate(by, 'alerts.silence', async () => {
    const silence: Silence = { id: randomUUID(), ...(ruleId ? { ruleId } : {}), ...(subject ? { subject } : {}), until, reason, by, at: app.clock.now() };
    app.alerts.evaluator.addSilence(silence);
    return { result: silence, details: { silenceId: silence.id, ...(ruleId ? { ruleId } : {}), ...(subject ? { subject } : {}), until, reason } };
  });
}

/** Ends a silence early; 404 when none by that id is in force. */
export async function endSilenceAs(app: FastifyInstance, id: string, by: string): Promise<void> {
  const silence = app.alerts.evaluator.activeSilences().find((s) => s.id === id);
  if (!silence) throw new HttpError(404, 'silence not found');
  await app.mutate(by, 'alerts.unsilence', async () => {
    app.alerts.evaluator.endSilence(id);
    return { result: undefined, details: { silenceId: id, reason: silence.reason } };
  });
}
