/**
 * The conformance checker: drives a backend the way the console does and reports, check by check,
 * what conforms to the wire contract and what does not.
 */
import { fail, skip, type CheckOptions, type Context } from './context.ts';
import { createClient } from './http.ts';
import { redactCheck } from './redact.ts';
import { summarize, type Report } from './report.ts';
import { checkExtensions, checkLogin, checkReads, checkRefusals, checkWrites } from './rest.ts';
import { checkSocket } from './socket.ts';

export type { CheckOptions } from './context.ts';

/** How long the first request may take before the backend is called unreachable. */
const REACH_TIMEOUT_MS = 5000;

/** Why the backend cannot be reached, in words; undefined when it answers at all (any status). */
async function unreachable(url: string): Promise<string | undefined> {
  if (!URL.canParse(url)) return `${url} is not a URL (expected an origin such as https://console.example)`;
  try {
    const response = await fetch(url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(REACH_TIMEOUT_MS) });
    await response.body?.cancel();
    return undefined;
  } catch (err) {
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return `no answer within ${REACH_TIMEOUT_MS / 1000} s`;
    const cause = err instanceof Error ? (err.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
    const code = typeof cause?.code === 'string' ? cause.code : undefined;
    return code ?? (err instanceof Error ? err.message : String(err));
  }
}

/** The groups of checks, in the order they run: each needs the connection. */
const GROUPS = ['login', 'refusals', 'socket', 'reads', 'writes', 'extensions'] as const;

export async function runConformance(options: CheckOptions): Promise<Report> {
  const startedAt = new Date().toISOString();
  const ctx: Context = { options, call: createClient(options.url), results: [] };
  const cannotReach = await unreachable(options.url);
  if (cannotReach !== undefined) {
    // One failure that says so, instead of every check failing on its own with the same cause.
    fail(ctx, {
      id: 'connection.reachable',
      group: 'connection',
      title: `the backend answers at ${options.url}`,
      rule: 'docs/protocol.md "Origin and transport": REST under /api and socket.io on the same origin',
      request: `GET ${options.url}`,
      problem: `cannot reach ${options.url}: ${cannotReach}`,
    });
    for (const group of GROUPS) skip(ctx, { id: `${group}.all`, group, title: `${group} checks`, rule: 'the backend must be reachable', problem: 'the backend cannot be reached' });
  } else {
    await checkLogin(ctx);
    await checkRefusals(ctx);
    // The socket first: its init names the tokens the quote is asked for.
    await checkSocket(ctx);
    await checkReads(ctx);
    await checkWrites(ctx);
    await checkExtensions(ctx);
  }
  const secrets = [options.adminKey, options.operatorKey, ctx.adminToken, ctx.operatorToken].filter((s): s is string => s !== undefined);
  const checks = ctx.results.map((check) => redactCheck(check, secrets));
  const summary = summarize(checks);
  return { url: options.url, startedAt, finishedAt: new Date().toISOString(), ok: summary.failed === 0, summary, checks };
}
