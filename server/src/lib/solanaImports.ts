/**
 * Plans Solana bridge CSV imports (solanaImportPlan.ts) off the main thread. Planning an 8 MB CSV
 * is about half a second of CPU; on the thread that answers every HTTP request and socket it held
 * other users' pages for that long (GET /txs/ p95 2.5 s during one import).
 *
 * Each import gets its own worker thread, started for it and ended after: imports are rare, a
 * thread's start (~0.3 s, mostly tsx) is small beside the work, and nothing an import leaves
 * behind outlives it. At most `threads` imports are planned at once, the others wait in turn, so
 * that a burst of imports cannot take every core. A small CSV is planned at once on the main
 * thread: that is quicker than starting a thread.
 *
 * The plan comes back in chunks, each sent when the main thread asks for it: deserialising a whole
 * plan at once is itself a long task (~150 ms for 40,000 tokens), a chunk of them is a couple of ms,
 * and asking for the next one lets the event loop run in between. A worker that cannot start or
 * fails is reported through `onFailure` and its import is planned on the main thread instead, a
 * slice of rows per turn of the event loop.
 */
import { Worker } from 'node:worker_threads';
import type { SolanaBridgeData } from '../db/repos/solanaBridge.ts';
import { planImport, planImportSteps, type ImportError, type ImportOutcome, type ImportPlan } from './solanaImportPlan.ts';

/** Imports planned at once by default. */
const IMPORT_THREADS_DEFAULT = 2;
/** Below this many characters (about 1,000 rows, a few ms of work) the CSV is planned on the main thread. */
const INLINE_MAX_CHARS = 64 * 1024;
/** Tokens or errors in one message from a worker. */
export const PLAN_CHUNK = 1000;
/** Rows planned per turn of the event loop when the main thread plans a large CSV itself (a few ms each). */
const FALLBACK_ROWS_PER_SLICE = 2000;

const BOOT = new URL('./workerBoot.mjs', import.meta.url);
const ENTRY = new URL('./solanaImportWorker.ts', import.meta.url).href;

export interface PlanJob {
  /** The worker module, as a file URL (read by workerBoot.mjs). */
  entry: string;
  csv: string;
}

/** From a worker, one a request: the outcome in pieces; `imported` is the last. */
export type PlanMessage =
  | { badHeader: string }
  | { entries: [token: string, data: SolanaBridgeData][] }
  | { errors: ImportError[] }
  | { imported: number };

export interface ImportPlannerOptions {
  threads?: number;
  inlineMaxChars?: number;
  /** The worker module; tests name one that cannot start. */
  entry?: string;
  onFailure?: (err: Error) => void;
}

export interface ImportPlanner {
  /** planImport(csv), off the main thread when it is large. */
  plan(csv: string): Promise<ImportOutcome>;
}

/** Lets timers, I/O and other requests run before going on. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** planImport on the main thread, a slice of rows per turn of the event loop. */
export async function planInSlices(csv: string, rowsPerSlice = FALLBACK_ROWS_PER_SLICE): Promise<ImportOutcome> {
  const steps = planImportSteps(csv, rowsPerSlice);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await yieldToEventLoop();
  }
}

/** Runs one import's plan in a new worker thread; rejects if the thread fails before the plan is whole. */
function planInWorker(csv: string, entry: string): Promise<ImportOutcome> {
  return new Promise<ImportOutcome>((resolve, reject) => {
    const worker = new Worker(BOOT, { workerData: { entry, csv } satisfies PlanJob });
    const plan: ImportPlan = { byToken: new Map(), imported: 0, errors: [] };
    let settled = false;
    const finish = (outcome: ImportOutcome) => {
      settled = true;
      resolve(outcome);
      void worker.terminate();
    };
    worker.on('message', (message: PlanMessage) => {
      if ('badHeader' in message) return finish(message);
      if ('imported' in message) {
        plan.imported = message.imported;
        return finish({ plan });
      }
      if ('entries' in message) for (const [token, data] of message.entries) plan.byToken.set(token, data);
      else for (const error of message.errors) plan.errors.push(error);
      worker.postMessage('next');
    });
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      reject(err);
      void worker.terminate();
    };
    worker.on('error', (err: unknown) => fail(err instanceof Error ? err : new Error(`import worker: ${String(err)}`)));
    worker.on('messageerror', (err) => fail(err));
    worker.on('exit', (code) => fail(new Error(`import worker ended before its plan (exit code ${code})`)));
  });
}

export function startImportPlanner({
  threads = IMPORT_THREADS_DEFAULT,
  inlineMaxChars = INLINE_MAX_CHARS,
  entry = ENTRY,
  onFailure,
}: ImportPlannerOptions = {}): ImportPlanner {
  let running = 0;
  const waiting: (() => void)[] = [];
  const turn = async (): Promise<void> => {
    if (running < threads) {
      running++;
      return;
    }
    // The slot is handed over by the import that ends, so `running` does not change.
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const done = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    plan: async (csv) => {
      if (csv.length < inlineMaxChars) return planImport(csv);
      await turn();
      try {
        return await planInWorker(csv, entry);
      } catch (err) {
        onFailure?.(err instanceof Error ? err : new Error(String(err)));
        return await planInSlices(csv);
      } finally {
        done();
      }
    },
  };
}
