/**
 * The conformance checker (npm run check-backend, docs/protocol.md) passes against the reference
 * server (writes included, run as `npm run check-backend` does), and fails, naming the rule,
 * against deliberately wrong backends. An optional extension a backend does not offer is skipped or
 * "not provided", never failed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../scripts/checkBackend/report.ts';
import { runConformance, type CheckOptions } from '../../scripts/checkBackend/run.ts';
import { BATCH_MAX_EVENTS, BATCH_QUERY } from '../../src/contract/index.ts';
import { ADMIN_KEY, makeApp, OPERATOR_KEY, type TestApp } from '../server/helpers.ts';
import { socketBackend, stringBlockServer, tamperingProxy, type Running } from './backends.ts';

let t: TestApp;
let url: string;
const running: Running[] = [];

beforeAll(async () => {
  // Real time (the checker reads the token's exp against the clock) and the simulator (events to listen to).
  t = await makeApp({ now: Date.now, sim: { enabled: true, seed: 1, rate: 1 }, loginRateLimit: 1000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  url = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  for (const backend of running.splice(0)) await backend.close();
  await t.app.close();
});

const options = (target: string, more: Partial<CheckOptions> = {}): CheckOptions => ({
  url: target,
  adminKey: ADMIN_KEY,
  operatorKey: OPERATOR_KEY,
  writes: false,
  listenSeconds: 1,
  ...more,
});

const failed = (report: Report) => report.checks.filter((check) => check.status === 'fail');
const check = (report: Report, id: string) => report.checks.find((c) => c.id === id);

/** Runs the CLI as CI does; resolves with its exit code and what it printed. */
function runCli(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/checkBackend.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('check-backend: the checker passes against the reference server', () => {
  it('npm run check-backend with --writes exits 0, every check conforms, and the JSON report says so', async () => {
    const json = join(mkdtempSync(join(tmpdir(), 'check-backend-')), 'report.json');
    const { code, output } = await runCli(['--url', url, '--admin-key', ADMIN_KEY, '--operator-key', OPERATOR_KEY, '--writes', '--listen', '5', '--json', json]);
    expect(output).not.toContain('✘');
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report.ok).toBe(true);
    expect(failed(report)).toEqual([]);
    // Every part of the contract is checked, not skipped: login, refusals, reads, writes, socket.
    for (const id of [
      'login.admin-role', 'login.bad-key', 'errors.no-token', 'errors.operator-403', 'reads.configs', 'reads.txs', 'reads.config',
      'reads.fee-to-eth', 'reads.quote', 'writes.token-create', 'writes.token-stale', 'writes.bridge-delete', 'writes.solana-delete',
      'socket.no-token', 'socket.init', 'socket.event-cache', 'socket.ping', 'socket.subscribed-only', 'socket.events', 'socket.batch', 'extensions.trades',
      'extensions.alerts-list', 'extensions.alerts-silences',
      'extensions.timeline', 'extensions.timeline-operator',
    ]) {
      expect({ id, status: check(report, id)?.status }).toEqual({ id, status: 'pass' });
    }
    // The optional extensions this server leaves out are "not provided", not failures.
    expect(check(report, 'extensions.stats-trades')?.status).toMatch(/^(notProvided|pass)$/);
    expect(output).toMatch(/– extension \w+: .*\(not provided\)|✔ extension stats/);
    expect(output).toMatch(/^conformance: \d+ of \d+ checks conform, 0 do not/m);
    // The writes left nothing behind: the checker's records are gone.
    const tokens = await t.app.store.tokens.list();
    expect(tokens.filter((token) => token.tokenName.startsWith('CHK'))).toEqual([]);
  });

  it('the CLI exits 2 and says how to call it when --url or --admin-key is missing', async () => {
    const { code, output } = await runCli(['--url', url]);
    expect(code).toBe(2);
    expect(output).toContain('usage: npm run check-backend');
  });
});

describe('check-backend: a backend without the alerts lifecycle', () => {
  it('answers 404 on /api/alerts and /api/alerts/silences: those checks are "not provided" and nothing fails', async () => {
    const proxy = await tamperingProxy(url, {
      answer: (request, response) => {
        const path = (request.url ?? '').split('?')[0];
        if (path !== '/api/alerts' && path !== '/api/alerts/silences') return false;
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
        return true;
      },
    });
    running.push(proxy);
    const report = await runConformance(options(proxy.url));
    expect(check(report, 'extensions.alerts-list')?.status).toBe('notProvided');
    expect(check(report, 'extensions.alerts-silences')?.status).toBe('notProvided');
    expect(failed(report)).toEqual([]);
  });
});

describe('check-backend: the checker fails against wrong backends and names the rule', () => {
  it('a proxy that drops Content-Range: the list checks fail, naming Content-Range', async () => {
    const proxy = await tamperingProxy(url, {
      rewrite: (headers, body) => {
        delete headers['content-range'];
        return body;
      },
    });
    running.push(proxy);
    const report = await runConformance(options(proxy.url));
    expect(report.ok).toBe(false);
    const ids = failed(report).map((c) => c.id).sort();
    expect(ids).toEqual(['extensions.trades', 'reads.configs', 'reads.txs']);
    for (const broken of failed(report)) {
      expect(broken.rule).toContain('Content-Range');
      expect(broken.problem).toContain('without a Content-Range header');
      expect(broken.request).toContain('range=');
    }
  });

  it('a proxy that renames configName: the config reads fail, naming configName', async () => {
    const proxy = await tamperingProxy(url, { rewrite: (_headers, body) => Buffer.from(body.toString('utf8').replaceAll('"configName":', '"name":')) });
    running.push(proxy);
    const report = await runConformance(options(proxy.url));
    expect(report.ok).toBe(false);
    const broken = check(report, 'reads.configs');
    expect(broken?.status).toBe('fail');
    expect(broken?.problem).toMatch(/configName/);
    expect(broken?.answer).toContain('"name":');
    expect(failed(report).map((c) => c.id)).toEqual(['reads.configs']);
  });

  it('Timeline (protocol): a backend answering the timeline 404 has it "not provided", not failed', async () => {
    const proxy = await tamperingProxy(url, {
      answer: (request, response) => {
        if (!request.url?.startsWith('/api/timeline')) return false;
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end('{"error":"not found"}');
        return true;
      },
    });
    running.push(proxy);
    const report = await runConformance(options(proxy.url));
    expect(check(report, 'extensions.timeline')?.status).toBe('notProvided');
    expect(check(report, 'extensions.timeline-operator')).toBeUndefined();
    expect(failed(report)).toEqual([]);
  });

  it('Timeline (protocol): a backend that gives an Operator action events fails, naming the rule', async () => {
    const proxy = await tamperingProxy(url, {
      answer: (request, response) => {
        if (!request.url?.startsWith('/api/timeline?kinds=action')) return false;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ data: [{ at: 1, kind: 'action', text: 'admin signed out' }] }));
        return true;
      },
    });
    running.push(proxy);
    const report = await runConformance(options(proxy.url));
    const broken = check(report, 'extensions.timeline-operator');
    expect(broken?.status).toBe('fail');
    expect(broken?.rule).toMatch(/Admins only/);
    expect(broken?.problem).toMatch(/Operator was answered action events/);
    expect(failed(report).map((c) => c.id)).toEqual(['extensions.timeline-operator']);
  });

  it('a proxy that answers 200 without a token: the refusal check fails, naming the 401 rule and the routes', async () => {
    const proxy = await tamperingProxy(url, {
      answer: (request, response) => {
        if (request.url === '/api/login' || request.headers['x-api-key'] !== undefined || !request.url?.startsWith('/api/')) return false;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{}');
        return true;
      },
    });
    running.push(proxy);
    const report = await runConformance(options(proxy.url));
    expect(report.ok).toBe(false);
    const broken = check(report, 'errors.no-token');
    expect(broken?.status).toBe('fail');
    expect(broken?.rule).toMatch(/without a valid token answers 401/);
    expect(broken?.request).toContain('(no token)');
    expect(broken?.answer).toMatch(/^200/);
    expect(broken?.problem).toMatch(/did not answer 401/);
    expect(failed(report).map((c) => c.id)).toEqual(['errors.no-token']);
  });

  it('a socket.io server whose newBlock sends num as a string: the event check fails, naming newBlock and num', async () => {
    const backend = await stringBlockServer();
    running.push(backend);
    const report = await runConformance(options(backend.url, { operatorKey: undefined }));
    expect(report.ok).toBe(false);
    const broken = check(report, 'socket.events');
    expect(broken?.status).toBe('fail');
    expect(broken?.rule).toMatch(/each payload parses with its event’s schema/);
    expect(broken?.problem).toMatch(/newBlock .*"num":"\d+".*num: /);
    // The rest of its socket conforms: the checker blames the one rule broken.
    for (const id of ['socket.no-token', 'socket.init', 'socket.ping', 'socket.subscribed-only']) {
      expect({ id, status: check(report, id)?.status }).toEqual({ id, status: 'pass' });
    }
  });
});

describe('check-backend: what it prints is safe for a CI log', () => {
  it('a failing login check shows its answer with the session token and the keys masked, in the report and in what the CLI prints', async () => {
    // The Admin key given as the Operator's: "the operator token's role is not Admin" fails, and its answer held a live Admin session.
    const report = await runConformance(options(url, { operatorKey: ADMIN_KEY, listenSeconds: 0 }));
    const roleCheck = check(report, 'login.operator-role');
    expect(roleCheck?.status).toBe('fail');
    expect(roleCheck?.answer).toMatch(/^200 \{"token":"<redacted>"\}$/);
    const everything = JSON.stringify(report);
    expect(everything).not.toMatch(/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\./);
    expect(everything).not.toContain(ADMIN_KEY);
    expect(everything).not.toContain(OPERATOR_KEY);

    const { output } = await runCli(['--url', url, '--admin-key', ADMIN_KEY, '--operator-key', ADMIN_KEY, '--listen', '0']);
    expect(output).toContain('✘ login: the operator token’s role is not Admin');
    expect(output).not.toMatch(/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\./);
    expect(output).not.toContain(ADMIN_KEY);
  });

  it('an unreachable backend fails once, saying it cannot be reached, and every check that needs it is skipped', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const target = `http://127.0.0.1:${port}`;

    const report = await runConformance(options(target));
    expect(failed(report).map((c) => c.id)).toEqual(['connection.reachable']);
    expect(check(report, 'connection.reachable')?.problem).toBe(`cannot reach ${target}: ECONNREFUSED`);
    expect(report.checks.filter((c) => c.status !== 'fail').every((c) => c.status === 'skipped')).toBe(true);
    expect(report.ok).toBe(false);

    const { code, output } = await runCli(['--url', target, '--admin-key', ADMIN_KEY]);
    expect(code).toBe(1);
    expect(output.split('\n').filter((line) => line.startsWith('✘'))).toEqual([`✘ connection: the backend answers at ${target}`]);
    expect(output).toContain(`problem: cannot reach ${target}: ECONNREFUSED`);
  });
});

/** A backend of the test's own (backends.ts), closed after the file's tests. */
async function ownBackend(batches: readonly unknown[] = []): Promise<Running> {
  const backend = await socketBackend({ batches });
  running.push(backend);
  return backend;
}

/** The socket checks of a report that failed: the REST checks fail against socketBackend, which answers 404. */
const failedOnSocket = (report: Report) => failed(report).filter((c) => c.group === 'socket').map((c) => c.id);

describe('check-backend: batched delivery (docs/protocol.md "Batched delivery"), an optional extension', () => {
  it('the reference server sends batches to the socket that asks for them: socket.batch passes, counting the batched events', async () => {
    // The simulator broadcasts every 50 to 100 ms, so the window (init, 300 ms, ping, then 1 s) holds several runs.
    const report = await runConformance(options(url));
    const batch = check(report, 'socket.batch');
    expect(batch?.status).toBe('pass');
    expect(batch?.group).toBe('socket');
    expect(batch?.rule).toMatch(/^docs\/protocol\.md Batched delivery: /);
    expect(batch?.request).toContain(`${BATCH_QUERY}: "1"`);
    expect(batch?.answer).toMatch(/^\d+ batch(es)?, \d+ events?: \w+ ×\d+/);
    expect(batch?.answer).not.toMatch(/\b(init|eventCache|gas|connectedUsers|workerStats) ×/);
    // The plain socket beside it is still checked in the plain form.
    expect(check(report, 'socket.events')?.status).toBe('pass');
    expect(failed(report)).toEqual([]);
  });

  it('a backend that ignores batch=1 and sends every event as itself: socket.batch is skipped as not offered, not failed', async () => {
    const backend = await ownBackend();
    const report = await runConformance(options(backend.url, { operatorKey: undefined }));
    const batch = check(report, 'socket.batch');
    expect(batch?.status).toBe('skipped');
    expect(batch?.problem).toMatch(/no batch arrived: batched delivery is not offered \(an optional extension/);
    expect(batch?.answer).toMatch(/newBlock ×\d+/);
    expect(failedOnSocket(report)).toEqual([]);
  });

  it('a backend that sends well-formed batches and plain events on the same socket passes, the plain ones noted (the console reads both forms)', async () => {
    const backend = await ownBackend([
      [['newBlock', { network: 'Base', num: 1 }], ['balance', { network: 'Base', balance: 2.5 }]],
      [['newBlock', { network: 'Base', num: 2 }]],
    ]);
    const report = await runConformance(options(backend.url, { operatorKey: undefined }));
    const batch = check(report, 'socket.batch');
    expect(batch?.status).toBe('pass');
    expect(batch?.answer).toBe('2 batches, 3 events: newBlock ×2, balance ×1');
    expect(batch?.notes).toEqual([expect.stringMatching(/^events also came as themselves on the socket that asked for batches \(allowed: .*\): newBlock ×\d+$/)]);
    expect(failedOnSocket(report)).toEqual([]);
  });

  it.each([
    ['a batch whose payload is not a list', ['newBlock'], /^batch "newBlock": \(root\): Invalid input: expected array, received string$/],
    ['an empty batch', [[]], /^batch \[\]: \(root\): Too small: expected array to have >=1 items/],
    ['a batch with a pair that is not [eventName, payload]', [[['newBlock']]], /^batch \[\["newBlock"\]\]: 0: Too small/],
    ['a batch with a pair whose payload does not parse with its event’s schema', [[['newBlock', { network: 'Base', num: 'one' }]]], /^newBlock in a batch \{"network":"Base","num":"one"\}: num: /],
    ['init inside a batch (init comes as itself)', [[['init', { devMode: false }]]], /^init came in a batch: it is sent as itself$/],
    ['a batch holding an event the socket did not subscribe to', [[['gas', { network: 'Base', gasEstimate: 1 }]]], /^a batch holds an unsubscribed event: gas$/],
    ['a batch holding an event the contract does not name', [[['blockHeight', 1]]], /^a batch holds an event the contract does not name: blockHeight$/],
    [`a batch of more than ${BATCH_MAX_EVENTS} pairs`, [Array.from({ length: BATCH_MAX_EVENTS + 1 }, (_, i) => ['newBlock', { network: 'Base', num: i }])], /: \(root\): Too big: expected array to have <=500 items$/],
  ])('a backend that sends %s: socket.batch fails, naming the problem, and the other socket checks still pass', async (_case, batches, problem) => {
    const backend = await ownBackend(batches);
    const report = await runConformance(options(backend.url, { operatorKey: undefined }));
    const batch = check(report, 'socket.batch');
    expect(batch?.status).toBe('fail');
    expect(batch?.rule).toMatch(/^docs\/protocol\.md Batched delivery: /);
    expect(batch?.problem).toMatch(problem);
    expect(failedOnSocket(report)).toEqual(['socket.batch']);
  });
});
