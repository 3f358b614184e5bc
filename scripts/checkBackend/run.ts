/**
 * The conformance checker: drives a backend the way the console does and reports, check by check,
 * what conforms to the wire contract and what does not.
 */
import type { CheckOptions, Context } from './context.ts';
import { createClient } from './http.ts';
import { summarize, type Report } from './report.ts';
import { checkExtensions, checkLogin, checkReads, checkRefusals, checkWrites } from './rest.ts';
import { checkSocket } from './socket.ts';

export type { CheckOptions } from './context.ts';

export async function runConformance(options: CheckOptions): Promise<Report> {
  const startedAt = new Date().toISOString();
  const ctx: Context = { options, call: createClient(options.url), results: [] };
  await checkLogin(ctx);
  await checkRefusals(ctx);
  // The socket first: its init names the tokens the quote is asked for.
  await checkSocket(ctx);
  await checkReads(ctx);
  await checkWrites(ctx);
  await checkExtensions(ctx);
  const summary = summarize(ctx.results);
  return { url: options.url, startedAt, finishedAt: new Date().toISOString(), ok: summary.failed === 0, summary, checks: ctx.results };
}
