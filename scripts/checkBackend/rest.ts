/** The REST checks: sign-in and the token, refusals, the §7 reads (docs/product.md), the opt-in writes, the extensions. */
import { z } from 'zod';
import { ADMIN_ROLE, BRIDGE_KINDS } from '../../src/config/enums.ts';
import { DeliveriesResponse, DestinationsResponse } from '../../src/contract/alertDelivery.ts';
import { Alert, AlertsResponse, SilencesResponse } from '../../src/contract/alerts.ts';
import { OPERATIONS, type Operation } from '../../src/contract/operations.ts';
import {
  ApiErrorBody,
  BridgeFeesResponse,
  BridgeRecord,
  ConfigRecord,
  DeletedResponse,
  LoginResponse,
  Quote,
  SessionClaims,
  SolanaBridgeRecord,
  TokenRecord,
  TradeJourneyDetail,
  TradeListResponse,
  TradeRecord,
  TxRecord,
} from '../../src/contract/index.ts';
import { StatsSeriesResponse, TradeStatsResponse } from '../../src/contract/stats.ts';
import { TimelineResponse } from '../../src/contract/timeline.ts';
import { answerProblem, checkerName, fail, judge, notProvided, pass, skip, type Context } from './context.ts';
import type { Answer } from './http.ts';
import { shapeProblem } from './shapes.ts';

const RULES = {
  login: 'docs/protocol.md Login and the session token: POST /api/login {accessKey} answers 200 {token}',
  token: 'docs/protocol.md Login and the session token: the token is a JWT, three dot-separated base64url parts, whose payload holds name (string), role (string) and exp (seconds)',
  adminRole: 'docs/protocol.md Login and the session token / docs/product.md §6: the admin key’s token has role exactly "Admin"',
  operatorRole: 'docs/product.md §6: an Operator’s token does not have role "Admin"',
  badKey: 'docs/protocol.md Login and the session token: a bad access key answers 401 {"error": …}',
  noToken: 'docs/protocol.md Errors: every request without a valid token answers 401 {"error": string}',
  operator403: 'docs/protocol.md Errors / docs/product.md §6: an Operator gets 403 {"error": string} on Admin routes',
  operatorReads: 'docs/product.md §6: any signed-in role may read the transactions and quotes',
  lists:
    'docs/protocol.md Lists: a list asked with range=[start,end] answers {data, total}, or the bare array with Content-Range: <resource> <first>-<last>/<total> (<resource> */<total> when empty)',
  errors: 'docs/protocol.md Errors: 400 = invalid input, `details` naming the fields; 404 = unknown record; 409 = duplicate name or stale version',
} as const;

/** The claims of a JWT-shaped token, or why it is not one. */
function claimsOf(token: string): { claims?: z.infer<typeof SessionClaims>; problem?: string } {
  const parts = token.split('.');
  if (parts.length !== 3) return { problem: `the token has ${parts.length} part(s), not 3` };
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return { problem: 'the token’s payload is not base64url JSON' };
  }
  const StrictClaims = z.object({ name: z.string(), role: z.string(), exp: z.number() });
  const problem = shapeProblem(StrictClaims, payload);
  return problem ? { problem: `the token’s payload: ${problem}` } : { claims: SessionClaims.parse(payload) };
}

async function signIn(ctx: Context, key: string, who: 'admin' | 'operator'): Promise<string | undefined> {
  const answer = await ctx.call('POST', '/api/login', { body: { accessKey: key } });
  // The key itself never goes into the report.
  const request = `POST /api/login {"accessKey": "<the ${who} key>"}`;
  const base = { group: 'login', request, answer: answer.describe() };
  const problem = answerProblem(answer, LoginResponse);
  if (!judge(ctx, { ...base, id: `login.${who}`, title: `the ${who} key signs in`, rule: RULES.login }, [problem])) return undefined;
  const token = (answer.json as { token: string }).token;
  const { claims, problem: tokenProblem } = claimsOf(token);
  judge(ctx, { ...base, id: `login.${who}-token`, title: `the ${who} token has three parts and name, role, exp`, rule: RULES.token }, [
    tokenProblem,
    claims && claims.exp * 1000 <= Date.now() ? `exp ${claims.exp} is already past` : undefined,
  ]);
  if (claims) {
    const isAdmin = claims.role === ADMIN_ROLE;
    if (who === 'admin') {
      judge(ctx, { ...base, id: 'login.admin-role', title: 'the admin token’s role is exactly Admin', rule: RULES.adminRole }, [
        isAdmin ? undefined : `role is ${JSON.stringify(claims.role)}`,
      ]);
    } else {
      judge(ctx, { ...base, id: 'login.operator-role', title: 'the operator token’s role is not Admin', rule: RULES.operatorRole }, [
        isAdmin ? 'role is "Admin"' : undefined,
      ]);
    }
  }
  return token;
}

export async function checkLogin(ctx: Context): Promise<void> {
  ctx.adminToken = await signIn(ctx, ctx.options.adminKey, 'admin');
  if (ctx.options.operatorKey) ctx.operatorToken = await signIn(ctx, ctx.options.operatorKey, 'operator');
  const bad = await ctx.call('POST', '/api/login', { body: { accessKey: checkerName('not-a-key-') } });
  judge(ctx, { id: 'login.bad-key', group: 'login', title: 'a bad key gets 401', rule: RULES.badKey, request: bad.request, answer: bad.describe() }, [
    answerProblem(bad, ApiErrorBody, 401),
  ]);
}

const samplePath = (path: string) => path.replace(/:([A-Za-z]+)/g, 'conformance-check-$1');
const isWrite = (op: Operation) => op.method !== 'GET';

/** One check over many routes: passes when every answer has the status and the error body. */
async function refusals(ctx: Context, id: string, title: string, rule: string, status: 401 | 403, ops: readonly Operation[], token?: string) {
  const wrong: { request: string; answer: string }[] = [];
  for (const op of ops) {
    const answer = await ctx.call(op.method, samplePath(op.path), token === undefined ? {} : { token });
    // An optional extension a backend leaves out may answer 404 instead.
    const absentExtension = op.extension !== undefined && answer.status === 404;
    if (!absentExtension && answerProblem(answer, ApiErrorBody, status) !== undefined) wrong.push({ request: answer.request, answer: answer.describe() });
  }
  const check = { id, group: 'errors', title: `${title} (${ops.length} routes)`, rule };
  if (wrong.length === 0) pass(ctx, check);
  else
    fail(ctx, {
      ...check,
      request: wrong[0]?.request,
      answer: wrong[0]?.answer,
      problem: `${wrong.length} route(s) did not answer ${status} {error}: ${wrong.map((w) => w.request).slice(0, 8).join('; ')}`,
    });
}

export async function checkRefusals(ctx: Context): Promise<void> {
  // Writes are sent only with --writes: a backend that failed this check would carry them out.
  const sent = OPERATIONS.filter((op) => op.access !== 'public' && (ctx.options.writes || !isWrite(op)));
  await refusals(ctx, 'errors.no-token', 'every request without a token gets 401', RULES.noToken, 401, sent);
  const garbage = OPERATIONS.filter((op) => op.access !== 'public' && !isWrite(op) && !op.extension);
  await refusals(ctx, 'errors.bad-token', 'a request with a garbage token gets 401', RULES.noToken, 401, garbage, 'not.a-token.at-all');
  const adminOnly = OPERATIONS.filter((op) => op.access === 'admin' && (ctx.options.writes || !isWrite(op)));
  if (!ctx.options.operatorKey) {
    skip(ctx, { id: 'errors.operator-403', group: 'errors', title: 'an Operator gets 403 on Admin routes', rule: RULES.operator403, problem: 'no --operator-key' });
  } else if (!ctx.operatorToken) {
    fail(ctx, { id: 'errors.operator-403', group: 'errors', title: 'an Operator gets 403 on Admin routes', rule: RULES.operator403, problem: 'the operator could not sign in' });
  } else {
    await refusals(ctx, 'errors.operator-403', 'an Operator gets 403 on Admin routes', RULES.operator403, 403, adminOnly, ctx.operatorToken);
  }
}

/** A list asked as the console asks it (react-admin's simple-REST form): its records and total, or the problem. */
function listPage(answer: Answer, resource: string, record: z.ZodType, range: [number, number]): { records?: unknown[]; total?: number; problem?: string } {
  if (answer.status !== 200) return { problem: `expected 200, got ${answer.status || 'no answer'}` };
  const json = answer.json;
  if (Array.isArray(json)) {
    const header = answer.headers.get('content-range');
    if (header === null) return { problem: 'the answer is an array without a Content-Range header: the console cannot tell the total' };
    const match = new RegExp(`^${resource} (?:(\\d+)-(\\d+)|\\*)/(\\d+)$`).exec(header);
    if (!match) return { problem: `Content-Range "${header}" is not "${resource} <first>-<last>/<total>"` };
    const total = Number(match[3]);
    if (match[1] !== undefined) {
      const [first, last] = [Number(match[1]), Number(match[2])];
      if (first !== range[0] || last - first + 1 !== json.length) {
        return { problem: `Content-Range "${header}" does not describe the ${json.length} records of range [${range.join(',')}]` };
      }
    } else if (json.length > 0) return { problem: `Content-Range "${header}" says the page is empty, but it holds ${json.length} records` };
    const problem = shapeProblem(z.array(record), json);
    return problem ? { problem: `a record does not match the contract: ${problem}` } : { records: json, total };
  }
  const problem = shapeProblem(z.object({ data: z.array(record), total: z.number().int().nonnegative() }), json);
  if (problem) return { problem: `the body is neither the array of records nor {data, total}: ${problem}` };
  const { data, total } = json as { data: unknown[]; total: number };
  if (data.length > range[1] - range[0] + 1) return { problem: `${data.length} records for a range of ${range[1] - range[0] + 1}` };
  return { records: data, total };
}

async function checkList(ctx: Context, resource: string, sortField: string, record: z.ZodType, id: string, title: string, token: string) {
  const query = (range: [number, number]) => ({ sort: JSON.stringify([sortField, 'DESC']), range: JSON.stringify(range), filter: '{}' });
  const first = await ctx.call('GET', `/api/${resource}${resource === 'configs' ? '' : '/'}`, { token, query: query([0, 4]) });
  const page = listPage(first, resource, record, [0, 4]);
  const check = { id, group: 'reads', title, rule: RULES.lists, request: first.request, answer: first.describe(['content-range']) };
  if (page.problem || !page.records) {
    fail(ctx, { ...check, problem: page.problem ?? 'no records' });
    return undefined;
  }
  const problems: string[] = [];
  if ((page.total ?? 0) < page.records.length) problems.push(`total ${page.total} is below the ${page.records.length} records sent`);
  if ((page.total ?? 0) > 5) {
    const second = await ctx.call('GET', `/api/${resource}${resource === 'configs' ? '' : '/'}`, { token, query: query([5, 9]) });
    const next = listPage(second, resource, record, [5, 9]);
    if (next.problem) problems.push(`the second page (${second.request}): ${next.problem}`);
    else if (JSON.stringify(next.records?.[0]) === JSON.stringify(page.records[0])) problems.push('the second page starts with the first page’s record');
  }
  judge(ctx, check, problems);
  return page.records;
}

export async function checkReads(ctx: Context): Promise<void> {
  const token = ctx.adminToken;
  if (!token) {
    fail(ctx, { id: 'reads.all', group: 'reads', title: 'docs/product.md §7 reads', rule: RULES.login, problem: 'not run: the admin key did not sign in' });
    return;
  }
  const fees = await ctx.call('GET', '/api/bridges/fee-to-eth', { token });
  judge(ctx, { id: 'reads.fee-to-eth', group: 'reads', title: 'GET /api/bridges/fee-to-eth answers {fees}', rule: 'docs/product.md §7 / contract BridgeFeesResponse', request: fees.request, answer: fees.describe() }, [
    answerProblem(fees, BridgeFeesResponse),
  ]);

  const configs = await checkList(ctx, 'configs', 'configName', ConfigRecord, 'reads.configs', 'GET /api/configs pages with Content-Range (or {data, total})', token);
  const configName = (configs?.[0] as { configName?: string } | undefined)?.configName;
  if (configName !== undefined) {
    const config = await ctx.call('GET', `/api/configs/${encodeURIComponent(configName)}`, { token });
    const named = (config.json as { configName?: unknown } | undefined)?.configName;
    judge(ctx, { id: 'reads.config', group: 'reads', title: 'GET /api/configs/{configName} answers the config', rule: 'docs/product.md §7 / contract ConfigRecord', request: config.request, answer: config.describe() }, [
      answerProblem(config, ConfigRecord),
      named !== undefined && named !== configName ? `configName is ${JSON.stringify(named)}, not the one asked for` : undefined,
    ]);
  }
  const txs = await checkList(ctx, 'txs', 'createdAt', TxRecord, 'reads.txs', 'GET /api/txs/ pages with Content-Range (or {data, total})', token);
  const firstTx = txs?.[0] as { id?: string; tradeId?: string | null } | undefined;
  if (firstTx?.id !== undefined) {
    const tx = await ctx.call('GET', `/api/txs/${encodeURIComponent(firstTx.id)}`, { token });
    judge(ctx, { id: 'reads.tx', group: 'reads', title: 'GET /api/txs/{id} answers the transaction', rule: 'docs/product.md §7 / contract TxRecord', request: tx.request, answer: tx.describe() }, [
      answerProblem(tx, TxRecord),
    ]);
  } else skip(ctx, { id: 'reads.tx', group: 'reads', title: 'GET /api/txs/{id} answers the transaction', rule: 'docs/product.md §7 / contract TxRecord', problem: 'no transaction to read' });
  const withTrade = (txs as { tradeId?: string | null }[] | undefined)?.find((tx) => typeof tx.tradeId === 'string');
  if (withTrade?.tradeId) {
    const trade = await ctx.call('GET', `/api/txs/sell/${encodeURIComponent(withTrade.tradeId)}`, { token });
    judge(ctx, { id: 'reads.trade', group: 'reads', title: 'GET /api/txs/sell/{tradeId} answers the trade with its txs', rule: 'docs/product.md §7 Trade fetch / contract TradeRecord', request: trade.request, answer: trade.describe() }, [
      answerProblem(trade, TradeRecord),
    ]);
  } else skip(ctx, { id: 'reads.trade', group: 'reads', title: 'GET /api/txs/sell/{tradeId} answers the trade', rule: 'docs/product.md §7 Trade fetch', problem: 'no transaction with a tradeId on the first page' });

  await checkQuote(ctx, token);

  if (ctx.operatorToken) {
    const asOperator = await ctx.call('GET', '/api/txs/', { token: ctx.operatorToken, query: { page: '1', perPage: '1' } });
    judge(ctx, { id: 'reads.operator-txs', group: 'reads', title: 'an Operator may read the transactions', rule: RULES.operatorReads, request: asOperator.request, answer: asOperator.describe() }, [
      asOperator.status === 200 ? undefined : `expected 200, got ${asOperator.status}`,
    ]);
  }
}

const asBigInt = (value: string | number) => {
  try {
    return BigInt(typeof value === 'number' ? Math.trunc(value) : value);
  } catch {
    return undefined;
  }
};

async function checkQuote(ctx: Context, token: string): Promise<void> {
  const rule = 'docs/product.md §7 Quote / docs/protocol.md Quote: GET /api/proxy/worker/quoteUi answers the quote, routes sorted best first';
  const title = 'a quote through the proxy (worker/quoteUi) answers the contract’s Quote';
  // Two tokens on one network, from init's allTokens (the console's own token list).
  const byNetwork = new Map<string, { address: string; decimals: number }[]>();
  for (const tokenEntry of Object.values(ctx.init?.allTokens ?? {})) {
    for (const [network, entry] of Object.entries(tokenEntry.networkData)) {
      const parsed = z.object({ address: z.string(), decimals: z.number().int() }).safeParse(entry);
      if (parsed.success) byNetwork.set(network, [...(byNetwork.get(network) ?? []), parsed.data]);
    }
  }
  const pair = [...byNetwork.entries()].find(([, list]) => list.length >= 2);
  if (!pair) {
    skip(ctx, { id: 'reads.quote', group: 'reads', title, rule, problem: 'no network with two tokens in init.allTokens' });
    return;
  }
  const [network, [tokenIn, tokenOut]] = pair as [string, [{ address: string; decimals: number }, { address: string; decimals: number }]];
  const query = { network, tokenInAddress: tokenIn.address, tokenOutAddress: tokenOut.address, amountIn: (10n ** BigInt(Math.min(tokenIn.decimals, 30))).toString() };
  const answer = await ctx.call('GET', '/api/proxy/worker/quoteUi', { token, query });
  const problem = answerProblem(answer, Quote);
  let order: string | undefined;
  if (!problem) {
    const amounts = ((answer.json as Quote).routes ?? []).map((route) => asBigInt(route.amountOut));
    if (amounts.some((amount, i) => i > 0 && amount !== undefined && amounts[i - 1] !== undefined && amount > (amounts[i - 1] as bigint))) {
      order = 'routes are not sorted best (largest amountOut) first';
    }
  }
  judge(ctx, { id: 'reads.quote', group: 'reads', title, rule, request: answer.request, answer: answer.describe() }, [problem, order]);
}

/** Creates, changes and deletes records of its own (never existing data): tokens, bridges, a Solana bridge entry. */
export async function checkWrites(ctx: Context): Promise<void> {
  const token = ctx.adminToken;
  if (!ctx.options.writes) {
    skip(ctx, { id: 'writes.all', group: 'writes', title: 'writes on records the checker creates and deletes', rule: 'docs/protocol.md REST routes', problem: 'opt-in: run with --writes' });
    return;
  }
  if (!token) {
    fail(ctx, { id: 'writes.all', group: 'writes', title: 'writes', rule: RULES.login, problem: 'not run: the admin key did not sign in' });
    return;
  }
  const address = `0x${'c0ffee'.padEnd(40, '0')}`;

  const invalid = await ctx.call('POST', '/api/tokens', { token, body: { networkData: {} } });
  const fields = JSON.stringify((invalid.json as { details?: unknown } | undefined)?.details ?? '');
  judge(ctx, { id: 'writes.invalid-400', group: 'writes', title: 'an invalid token body gets 400 naming the field', rule: RULES.errors, request: invalid.request, answer: invalid.describe() }, [
    answerProblem(invalid, ApiErrorBody, 400),
    invalid.status === 400 && !fields.includes('tokenName') ? 'details do not name tokenName' : undefined,
  ]);

  await recordLifecycle(ctx, token, {
    kind: 'token',
    create: { path: '/api/tokens', body: (name) => ({ tokenName: name, networkData: { Ethereum: { address, decimals: 18 } } }) },
    name: checkerName('CHK'),
    recordPath: (name) => `/api/tokens/${name}`,
    schema: TokenRecord,
    nameField: 'tokenName',
    update: (record) => ({ ...record, networkData: { Ethereum: { address, decimals: 6 } } }),
  });
  await recordLifecycle(ctx, token, {
    kind: 'bridge',
    create: { path: '/api/bridges', body: (name) => ({ bridgeName: name, kind: BRIDGE_KINDS[0] }) },
    name: checkerName('chk-bridge-'),
    recordPath: (name) => `/api/bridges/${name}`,
    schema: BridgeRecord,
    nameField: 'bridgeName',
    update: (record) => ({ ...record, enabled: false }),
  });

  // A Solana bridge entry under a bridge name of the checker's own.
  const x = checkerName('chk-x-');
  const entry = checkerName('CHK');
  const solanaRule = 'docs/product.md §7 Solana bridge configuration / contract SolanaBridgeRecord';
  const created = await ctx.call('POST', `/api/solana-bridge/${x}`, { token, body: { token: entry, data: { Ethereum: { address, decimals: 18 } } } });
  if (judge(ctx, { id: 'writes.solana-create', group: 'writes', title: 'POST /api/solana-bridge/{x} creates an entry', rule: solanaRule, request: created.request, answer: created.describe() }, [answerProblem(created, SolanaBridgeRecord)])) {
    const updated = await ctx.call('PUT', `/api/solana-bridge/${x}/${entry}`, { token, body: { data: { Ethereum: { address, decimals: 6 }, Base: { address, decimals: 6 } } } });
    judge(ctx, { id: 'writes.solana-update', group: 'writes', title: 'PUT /api/solana-bridge/{x}/{token} replaces its data', rule: solanaRule, request: updated.request, answer: updated.describe() }, [answerProblem(updated, SolanaBridgeRecord)]);
    const removed = await ctx.call('DELETE', `/api/solana-bridge/${x}/${entry}`, { token });
    judge(ctx, { id: 'writes.solana-delete', group: 'writes', title: 'DELETE /api/solana-bridge/{x}/{token} deletes it', rule: solanaRule, request: removed.request, answer: removed.describe() }, [answerProblem(removed, DeletedResponse)]);
  }
}

interface Lifecycle {
  kind: string;
  create: { path: string; body: (name: string) => Record<string, unknown> };
  name: string;
  recordPath: (name: string) => string;
  schema: z.ZodType;
  nameField: string;
  update: (record: Record<string, unknown>) => Record<string, unknown>;
}

async function recordLifecycle(ctx: Context, token: string, spec: Lifecycle): Promise<void> {
  const rule = `docs/product.md §7 ${spec.kind}s: POST, PUT (with version; stale → 409), DELETE → {ok: true}; then 404`;
  const group = 'writes';
  const created = await ctx.call('POST', spec.create.path, { token, body: spec.create.body(spec.name) });
  const record = created.json as Record<string, unknown> | undefined;
  const createdOk = judge(ctx, { id: `writes.${spec.kind}-create`, group, title: `POST ${spec.create.path} creates a ${spec.kind}`, rule, request: created.request, answer: created.describe() }, [
    answerProblem(created, spec.schema),
    record && record[spec.nameField] !== spec.name ? `${spec.nameField} is ${JSON.stringify(record[spec.nameField])}` : undefined,
  ]);
  if (!createdOk || !record) return;
  try {
    const duplicate = await ctx.call('POST', spec.create.path, { token, body: spec.create.body(spec.name) });
    judge(ctx, { id: `writes.${spec.kind}-duplicate`, group, title: `a second ${spec.kind} of the same name gets 409`, rule: RULES.errors, request: duplicate.request, answer: duplicate.describe() }, [
      answerProblem(duplicate, ApiErrorBody, 409),
    ]);
    const updated = await ctx.call('PUT', spec.recordPath(spec.name), { token, body: spec.update(record) });
    judge(ctx, { id: `writes.${spec.kind}-update`, group, title: `PUT ${spec.recordPath('{name}')} changes it`, rule, request: updated.request, answer: updated.describe() }, [
      answerProblem(updated, spec.schema),
    ]);
    const stale = await ctx.call('PUT', spec.recordPath(spec.name), { token, body: spec.update(record) });
    judge(ctx, { id: `writes.${spec.kind}-stale`, group, title: `a PUT with a stale version gets 409`, rule: RULES.errors, request: stale.request, answer: stale.describe() }, [
      answerProblem(stale, ApiErrorBody, 409),
    ]);
  } finally {
    const removed = await ctx.call('DELETE', spec.recordPath(spec.name), { token });
    judge(ctx, { id: `writes.${spec.kind}-delete`, group, title: `DELETE ${spec.recordPath('{name}')} deletes it`, rule, request: removed.request, answer: removed.describe() }, [
      answerProblem(removed, DeletedResponse),
    ]);
    const again = await ctx.call('DELETE', spec.recordPath(spec.name), { token });
    judge(ctx, { id: `writes.${spec.kind}-gone`, group, title: `deleting it again gets 404`, rule: RULES.errors, request: again.request, answer: again.describe() }, [
      answerProblem(again, ApiErrorBody, 404),
    ]);
  }
}

/** docs/protocol.md "Alerts lifecycle": pending and firing alerts come before resolved ones. */
function activeFirstProblem(body: unknown): string | undefined {
  const alerts = AlertsResponse.safeParse(body).data?.data ?? [];
  const firstResolved = alerts.findIndex((a) => a.state === 'resolved');
  return firstResolved >= 0 && alerts.slice(firstResolved).some((a) => a.state !== 'resolved') ? 'an active alert comes after a resolved one' : undefined;
}

/** The console's optional extensions: "not provided" on 404, checked against the contract otherwise. */
export async function checkExtensions(ctx: Context): Promise<void> {
  const token = ctx.adminToken;
  if (!token) return;
  const now = Date.now();
  const day = 24 * 3600 * 1000;
  const network = Object.keys(ctx.init?.brainState.nativePriceUSD ?? {})[0] ?? 'Ethereum';
  const probes: { id: string; extension: string; title: string; path: string; query?: Record<string, string>; schema: z.ZodType; rule: string }[] = [
    { id: 'extensions.trades', extension: 'trades', title: 'GET /api/trades/ lists trades', path: '/api/trades/', query: { sort: '["startedAt","DESC"]', range: '[0,4]', filter: '{}' }, schema: TradeListResponse.shape.data.element, rule: `docs/protocol.md Trades; ${RULES.lists}` },
    { id: 'extensions.stats-trades', extension: 'stats', title: 'GET /api/stats/trades counts trades per bucket', path: '/api/stats/trades', query: { from: String(now - day), to: String(now), bucket: 'hour' }, schema: TradeStatsResponse, rule: 'docs/protocol.md Stats' },
    { id: 'extensions.stats-series', extension: 'stats', title: 'GET /api/stats/series answers points', path: '/api/stats/series', query: { kind: 'gas', network, from: String(now - day), to: String(now) }, schema: StatsSeriesResponse, rule: 'docs/protocol.md Stats' },
    { id: 'extensions.timeline', extension: 'timeline', title: 'GET /api/timeline answers events, newest first', path: '/api/timeline', query: { from: String(now - day), to: String(now) }, schema: TimelineResponse, rule: 'docs/protocol.md Timeline' },
    { id: 'extensions.alerts-destinations', extension: 'alerts', title: 'GET /api/alerts/destinations lists destinations', path: '/api/alerts/destinations', schema: DestinationsResponse, rule: 'docs/protocol.md Alerts delivery' },
    { id: 'extensions.alerts-deliveries', extension: 'alerts', title: 'GET /api/alerts/deliveries lists deliveries', path: '/api/alerts/deliveries', query: { limit: '5' }, schema: DeliveriesResponse, rule: 'docs/protocol.md Alerts delivery' },
    { id: 'extensions.alerts-list', extension: 'alertsLifecycle', title: 'GET /api/alerts lists alerts, active ones first', path: '/api/alerts', query: { state: 'all', limit: '5' }, schema: AlertsResponse, rule: 'docs/protocol.md Alerts lifecycle' },
    { id: 'extensions.alerts-silences', extension: 'alertsLifecycle', title: 'GET /api/alerts/silences lists the silences in force', path: '/api/alerts/silences', schema: SilencesResponse, rule: 'docs/protocol.md Alerts lifecycle' },
  ];
  for (const probe of probes) {
    const answer = await ctx.call('GET', probe.path, { token, ...(probe.query ? { query: probe.query } : {}) });
    const check = { id: probe.id, group: `extension ${probe.extension}`, title: probe.title, rule: `${probe.rule} (optional: 404 when not provided)`, request: answer.request, answer: answer.describe() };
    if (answer.status === 404) {
      notProvided(ctx, check);
      continue;
    }
    if (probe.id === 'extensions.alerts-list') {
      judge(ctx, check, [answerProblem(answer, probe.schema), activeFirstProblem(answer.json)]);
      const first = AlertsResponse.safeParse(answer.json).data?.data[0];
      if (first) {
        const one = await ctx.call('GET', `/api/alerts/${encodeURIComponent(first.id)}`, { token });
        judge(ctx, { ...check, id: 'extensions.alert', title: 'GET /api/alerts/{id} answers the alert with its history', request: one.request, answer: one.describe() }, [answerProblem(one, Alert)]);
      }
      continue;
    }
    if (probe.id === 'extensions.timeline') {
      await checkTimeline(ctx, check, answer);
      continue;
    }
    if (probe.id !== 'extensions.trades') {
      judge(ctx, check, [answerProblem(answer, probe.schema)]);
      continue;
    }
    // Trades are a list like the others: the array with Content-Range, or {data, total}.
    const page = listPage(answer, 'trades', probe.schema, [0, 4]);
    judge(ctx, check, [page.problem]);
    {
      const first = page.records?.[0] as { tradeId: string } | undefined;
      if (first) {
        const one = await ctx.call('GET', `/api/trades/${encodeURIComponent(first.tradeId)}`, { token });
        judge(ctx, { ...check, id: 'extensions.trade', title: 'GET /api/trades/{tradeId} answers the trade with its steps', request: one.request, answer: one.describe() }, [
          answerProblem(one, TradeJourneyDetail),
        ]);
      }
    }
  }
}

/**
 * docs/protocol.md "Timeline": the answer's shape, newest first, at most 500; and an Operator's
 * timeline holds no action (the user log is Admin's), even when asked for actions.
 */
async function checkTimeline(ctx: Context, check: Parameters<typeof judge>[1], answer: Answer): Promise<void> {
  const shapeProblemFound = answerProblem(answer, TimelineResponse);
  const page = shapeProblemFound === undefined ? TimelineResponse.parse(answer.json) : undefined;
  const order = page && page.data.some((event, i) => i > 0 && event.at > (page.data[i - 1]?.at ?? event.at)) ? 'the events are not newest first' : undefined;
  const size = page && page.data.length > 500 ? `${page.data.length} events in one answer (at most 500)` : undefined;
  judge(ctx, check, [shapeProblemFound, order, size]);
  if (!ctx.operatorToken) return;
  const asOperator = await ctx.call('GET', '/api/timeline', { token: ctx.operatorToken, query: { kinds: 'action' } });
  const operatorShape = answerProblem(asOperator, TimelineResponse);
  const leaked = operatorShape === undefined && TimelineResponse.parse(asOperator.json).data.some((event) => event.kind === 'action')
    ? 'an Operator was answered action events (user log entries are Admin-only)'
    : undefined;
  judge(ctx, {
    ...check,
    id: 'extensions.timeline-operator',
    title: 'an Operator’s timeline leaves out the actions',
    rule: 'docs/protocol.md Timeline / docs/product.md §6: action events are for Admins only',
    request: asOperator.request,
    answer: asOperator.describe(),
  }, [operatorShape, leaked]);
}
