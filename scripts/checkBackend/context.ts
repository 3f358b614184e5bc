/** What every group of checks shares: the options, the REST client, the sessions and the results. */
import type { z } from 'zod';
import type { InitPayload } from '../../src/contract/index.ts';
import type { Answer, Call } from './http.ts';
import type { CheckResult } from './report.ts';
import { shapeProblem } from './shapes.ts';

export interface CheckOptions {
  /** The backend's origin: REST under /api, socket.io at /socket.io. */
  url: string;
  adminKey: string;
  operatorKey?: string;
  /** Check the writes too, on records the checker creates and deletes. */
  writes: boolean;
  /** How long to listen to the socket's events. */
  listenSeconds: number;
}

export interface Context {
  options: CheckOptions;
  call: Call;
  adminToken?: string;
  operatorToken?: string;
  /** The admin socket's init, for the reads that need real names (a token pair for the quote). */
  init?: InitPayload;
  results: CheckResult[];
}

type Pending = Omit<CheckResult, 'status'>;

export function pass(ctx: Context, check: Pending): void {
  ctx.results.push({ ...check, status: 'pass' });
}

export function fail(ctx: Context, check: Pending & { problem: string }): void {
  ctx.results.push({ ...check, status: 'fail' });
}

export function skip(ctx: Context, check: Pending & { problem: string }): void {
  ctx.results.push({ ...check, status: 'skipped' });
}

export function notProvided(ctx: Context, check: Pending): void {
  ctx.results.push({ ...check, status: 'notProvided' });
}

/** Passes or fails a check by a list of problems (none: pass). */
export function judge(ctx: Context, check: Pending, problems: readonly (string | undefined)[]): boolean {
  const found = problems.filter((problem): problem is string => problem !== undefined);
  if (found.length === 0) pass(ctx, check);
  else fail(ctx, { ...check, problem: found.join('; ') });
  return found.length === 0;
}

/** A 200 answer whose body parses with the schema: the problem otherwise. */
export function answerProblem(answer: Answer, schema: z.ZodType, status = 200): string | undefined {
  if (answer.status !== status) return `expected ${status}, got ${answer.status || 'no answer'}`;
  if (answer.json === undefined) return 'the body is not JSON';
  const problem = shapeProblem(schema, answer.json);
  return problem === undefined ? undefined : `the body does not match the contract: ${problem}`;
}

/** A random suffix for the records the checker creates, so they never collide with real ones. */
export function checkerName(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 8)}`;
}
