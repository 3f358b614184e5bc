/**
 * The worker thread of one Solana bridge CSV import (solanaImports.ts): plans the CSV of its
 * workerData, then sends the outcome a message at a time, each when the main thread asks ('next'),
 * so that the main thread deserialises one chunk per turn of its event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PLAN_CHUNK, type PlanJob, type PlanMessage } from './solanaImports.ts';
import { planImport, type ImportOutcome } from './solanaImportPlan.ts';

const port = parentPort;
if (!port) throw new Error('solanaImportWorker.ts runs as a worker thread (see solanaImports.ts)');
const replies = port;

function* messagesOf(outcome: ImportOutcome): Generator<PlanMessage, void, undefined> {
  if ('badHeader' in outcome) {
    yield outcome;
    return;
  }
  const { byToken, errors, imported } = outcome.plan;
  const entries = [...byToken];
  for (let start = 0; start < entries.length; start += PLAN_CHUNK) yield { entries: entries.slice(start, start + PLAN_CHUNK) };
  for (let start = 0; start < errors.length; start += PLAN_CHUNK) yield { errors: errors.slice(start, start + PLAN_CHUNK) };
  yield { imported };
}

// The main thread ends this thread once it has the last message, so it never asks past it.
const messages = messagesOf(planImport((workerData as PlanJob).csv));
const send = () => {
  const next = messages.next();
  if (!next.done) replies.postMessage(next.value);
};
replies.on('message', send);
send();
