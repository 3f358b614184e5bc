/**
 * docs/protocol.md "Alerts delivery": the dispatcher sends from the delivery log (the outbox). A
 * restart resumes what waited and what was in flight; each destination's queue is bounded; a
 * destination that is down delays nobody else; a fresh message is not held behind another's
 * backoff; a message is written with the alert's change or not at all. Real SQLite (a file, opened
 * again as a restarted process would), tries answered by the test (no network, no timing luck:
 * every wait is on a condition).
 */
import { join } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Delivery } from '../../src/contract/alertDelivery.ts';
import type { TrackedAlert } from '../../src/domain/alertLifecycle.ts';
import type { AttemptResult } from '../../src/domain/alertDelivery.ts';
import { DELIVERY_TIMINGS_DEFAULT, Dispatcher, type AttemptFn, type DeliveryTimings } from '../../server/src/alerts/dispatcher.ts';
import { sqliteAlertRepo, type AlertRepo, type StoredDestination } from '../../server/src/alerts/repo.ts';
import type { AlertMessage } from '../../server/src/alerts/send.ts';
import { Gate } from '../../server/src/db/gate.ts';
import { applyAlertsTables, migrate } from '../../server/src/db/migrations.ts';
import { tempDir } from './helpers.ts';

const hook = (id: string): StoredDestination => ({ id, name: id, kind: 'webhook', enabled: true, url: `http://127.0.0.1:9/${id}` });
const message = (n: number): AlertMessage => ({ status: 'firing', rule: `Rule ${n}`, text: `FIRING: ${n}`, startedAt: 0, alertId: `a-${n}` });

interface Try {
  destinationId: string;
  deliveryId: string;
  text: string;
}

/** A try that waits until the test answers it. */
interface Held {
  destinationId: string;
  deliveryId: string;
  answer: (result: AttemptResult) => void;
}

/** Tries recorded and answered by `answer` (or held until the test answers them). */
function tries(answer: (destinationId: string, n: number) => AttemptResult | 'hold') {
  const made: Try[] = [];
  const held: Held[] = [];
  const attempt: AttemptFn = (destination, sent) => {
    const deliveryId = sent.deliveryId ?? '';
    made.push({ destinationId: destination.id, deliveryId, text: sent.text });
    const got = answer(destination.id, made.filter((t) => t.destinationId === destination.id).length);
    if (got !== 'hold') return Promise.resolve(got);
    return new Promise((resolve) => held.push({ destinationId: destination.id, deliveryId, answer: resolve }));
  };
  return { made, held, attempt };
}

const OK: AttemptResult = { ok: true, status: 200 };
const FAIL: AttemptResult = { ok: false, status: 500, error: '500 Internal Server Error' };

const open: Database[] = [];
const dispatchers: Dispatcher[] = [];
afterEach(async () => {
  for (const dispatcher of dispatchers.splice(0)) await dispatcher.close();
  for (const db of open.splice(0)) db.close();
});

function store(file: string): { db: Database; repo: AlertRepo } {
  const db = new BetterSqlite3(file);
  open.push(db);
  applyAlertsTables(db);
  return { db, repo: sqliteAlertRepo(db, new Gate(db)) };
}

async function start(
  repo: AlertRepo,
  destinations: StoredDestination[],
  attempt: AttemptFn,
  timings: Partial<DeliveryTimings> = {},
  now: () => number = () => 0,
): Promise<Dispatcher> {
  const dispatcher = new Dispatcher({
    repo,
    now,
    timings: { ...DELIVERY_TIMINGS_DEFAULT, backoffBaseMs: 10, maxAttempts: 3, closeWaitMs: 0, ...timings },
    onError: (err) => {
      throw err;
    },
    attempt,
  });
  dispatchers.push(dispatcher);
  dispatcher.setDestinations(destinations);
  await dispatcher.resume();
  return dispatcher;
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const byText = async (repo: AlertRepo): Promise<Map<string, Delivery>> => new Map((await repo.deliveries(500)).map((d) => [d.text, d]));

describe('Alerts delivery (protocol): the outbox', () => {
  it('a restart resumes: a row in flight when the process died is tried again (same deliveryId), the waiting rows are sent, each ends ok', async () => {
    const file = join(tempDir('alerts-outbox-'), 'alerts.db');
    const first = store(file);
    const before = tries(() => 'hold');
    const dispatcher = await start(first.repo, [hook('a')], before.attempt);
    for (let n = 1; n <= 3; n++) await dispatcher.send(message(n));
    await until(() => before.held.length === 1, 'the first try in flight');
    expect((await byText(first.repo)).get('FIRING: 1')).toMatchObject({ state: 'sending', attempts: 1 });
    expect((await byText(first.repo)).get('FIRING: 3')).toMatchObject({ state: 'pending', attempts: 0 });
    // Killed: this process never records anything again. Another opens the same file.
    dispatchers.splice(0);

    const second = store(file);
    const after = tries(() => OK);
    const resumed = await start(second.repo, [hook('a')], after.attempt);
    await resumed.idle();
    const rows = await byText(second.repo);
    expect([...rows.values()].map((d) => [d.text, d.state, d.ok, d.attempts]).sort()).toEqual([
      ['FIRING: 1', 'ok', true, 2],
      ['FIRING: 2', 'ok', true, 1],
      ['FIRING: 3', 'ok', true, 1],
    ]);
    expect(after.made.map((t) => t.text).sort()).toEqual(['FIRING: 1', 'FIRING: 2', 'FIRING: 3']);
    // The repeat carries the same deliveryId as the try that may have arrived.
    expect(after.made.find((t) => t.text === 'FIRING: 1')?.deliveryId).toBe(before.held[0]?.deliveryId);
  });

  it('a restart settles a row whose last try was in flight as failed, in words; a test send in flight too', async () => {
    const file = join(tempDir('alerts-outbox-'), 'alerts.db');
    const first = store(file);
    const before = tries((_, n) => (n < 2 ? FAIL : 'hold'));
    const dispatcher = await start(first.repo, [hook('a')], before.attempt, { maxAttempts: 2 });
    await dispatcher.send(message(1));
    await until(() => before.held.length === 1, 'the last try in flight');
    void dispatcher.test(hook('a'), { status: 'test', rule: 'Test message', text: 'TEST', startedAt: 0 });
    await until(() => before.held.length === 2, 'the test send in flight');
    dispatchers.splice(0);

    const second = store(file);
    const after = tries(() => OK);
    const resumed = await start(second.repo, [hook('a')], after.attempt, { maxAttempts: 2 });
    await resumed.idle();
    const rows = await byText(second.repo);
    expect(rows.get('FIRING: 1')).toMatchObject({ state: 'failed', ok: false, attempts: 2, error: 'the server stopped during try 2 of 2, the last; not known whether it arrived' });
    expect(rows.get('TEST')).toMatchObject({ state: 'failed', error: 'the server stopped during the test send; not known whether it arrived' });
    expect(after.made).toEqual([]);
  });

  it('a queue past its bound drops its oldest waiting rows, saying so; the newest are sent', async () => {
    const { repo } = store(join(tempDir('alerts-outbox-'), 'alerts.db'));
    const made = tries((_, n) => (n === 1 ? 'hold' : OK));
    const dispatcher = await start(repo, [hook('a')], made.attempt, { queueMax: 3 });
    await dispatcher.send(message(1));
    await until(() => made.held.length === 1, 'the first try in flight');
    for (let n = 2; n <= 6; n++) await dispatcher.send(message(n));
    const waiting = await byText(repo);
    expect([2, 3, 4, 5, 6].map((n) => [waiting.get(`FIRING: ${n}`)?.state, waiting.get(`FIRING: ${n}`)?.error])).toEqual([
      ['failed', 'dropped: 4 messages queued for this destination'],
      ['failed', 'dropped: 4 messages queued for this destination'],
      ['pending', undefined],
      ['pending', undefined],
      ['pending', undefined],
    ]);
    made.held[0]?.answer(OK);
    await dispatcher.idle();
    expect(made.made.map((t) => t.text)).toEqual(['FIRING: 1', 'FIRING: 4', 'FIRING: 5', 'FIRING: 6']);
    const done = await byText(repo);
    expect([...done.values()].filter((d) => d.state === 'pending' || d.state === 'sending')).toEqual([]);
  });

  it('a destination that does not answer delays only its own messages', async () => {
    const { repo } = store(join(tempDir('alerts-outbox-'), 'alerts.db'));
    let answering = false;
    const made = tries((id) => (id === 'down' && !answering ? 'hold' : OK));
    const dispatcher = await start(repo, [hook('down'), hook('up')], made.attempt);
    for (let n = 1; n <= 3; n++) await dispatcher.send(message(n));
    await until(() => made.made.filter((t) => t.destinationId === 'up').length === 3, 'every message to the healthy destination');
    const rows = (await repo.deliveries(100)).filter((d) => d.destinationId === 'up');
    await until(async () => (await repo.deliveries(100)).filter((d) => d.destinationId === 'up' && d.state === 'ok').length === 3, 'the healthy ones logged ok');
    expect(rows).toHaveLength(3);
    // Meanwhile the one that does not answer has had one try, the rest wait behind it.
    expect(made.made.filter((t) => t.destinationId === 'down')).toHaveLength(1);
    answering = true;
    for (const held of made.held) held.answer(OK);
    await dispatcher.idle();
    expect(made.made.filter((t) => t.destinationId === 'down')).toHaveLength(3);
  });

  it('a fresh message to a failing destination is tried at once, not after the backoff of the one before it', async () => {
    const { repo } = store(join(tempDir('alerts-outbox-'), 'alerts.db'));
    const made = tries(() => FAIL);
    // Ten minutes' backoff: far longer than the wait below allows (the old queue waited it out).
    const dispatcher = await start(repo, [hook('down')], made.attempt, { backoffBaseMs: 600_000 });
    await dispatcher.send(message(1));
    await until(async () => (await byText(repo)).get('FIRING: 1')?.state === 'pending' && made.made.length === 1, 'the first message in backoff');
    const first = (await byText(repo)).get('FIRING: 1');
    expect(first).toMatchObject({ attempts: 1, error: '500 Internal Server Error; trying again', nextAttemptAt: expect.any(Number) });
    await dispatcher.send(message(2));
    await until(() => made.made.some((t) => t.text === 'FIRING: 2'), 'the fresh message tried', 10_000);
    expect(made.made.map((t) => t.text)).toEqual(['FIRING: 1', 'FIRING: 2']);
  }, 20_000);

  it('retries end: past its tries a row fails with the reason; a removed or disabled destination fails what waited for it', async () => {
    const { repo } = store(join(tempDir('alerts-outbox-'), 'alerts.db'));
    const made = tries((id) => (id === 'gone' ? 'hold' : FAIL));
    const dispatcher = await start(repo, [hook('down'), hook('gone'), hook('off')], made.attempt);
    await dispatcher.send(message(1));
    await dispatcher.send(message(2));
    await until(() => made.held.length === 1, 'a try to "gone" in flight');
    dispatcher.setDestinations([hook('down'), { ...hook('off'), enabled: false }]);
    made.held[0]?.answer(OK);
    await dispatcher.idle();
    const rows = await repo.deliveries(100);
    const of = (id: string) => rows.filter((d) => d.destinationId === id).map((d) => [d.text, d.state, d.attempts, d.error]).sort();
    expect(of('down')).toEqual([
      ['FIRING: 1', 'failed', 3, '500 Internal Server Error (gave up after 3 tries)'],
      ['FIRING: 2', 'failed', 3, '500 Internal Server Error (gave up after 3 tries)'],
    ]);
    // The try in flight when it was removed is recorded; the one waiting fails, saying why.
    expect(of('gone')).toEqual([
      ['FIRING: 1', 'ok', 1, undefined],
      ['FIRING: 2', 'failed', 0, 'not sent: the destination was removed'],
    ]);
    expect(of('off').map(([, state, , error]) => [state, error])).toContainEqual(['failed', 'not sent: the destination was disabled']);
    expect(rows.filter((d) => d.state === 'pending' || d.state === 'sending')).toEqual([]);
  });

  it('past the rate limit a message is logged as held back (not lost), and the summary is a row of the log too', async () => {
    const { repo } = store(join(tempDir('alerts-outbox-'), 'alerts.db'));
    const made = tries(() => OK);
    const dispatcher = await start(repo, [hook('a')], made.attempt, { perMinute: 2, windowMs: 100 });
    for (let n = 1; n <= 4; n++) await dispatcher.send(message(n));
    await until(() => made.made.length === 3, 'two messages and the summary');
    await dispatcher.idle();
    const rows = await byText(repo);
    expect(rows.get('FIRING: 3')).toMatchObject({ state: 'failed', attempts: 0, error: 'held back: more than 2 messages a minute to this destination (counted in the summary)' });
    expect(made.made.map((t) => t.text)).toEqual(['FIRING: 1', 'FIRING: 2', '2 more alert messages were held back in the last minute (at most 2 a minute to this destination)']);
  });

  it('a test send that opens a new window sends the summary owed by the one before', async () => {
    const { repo } = store(join(tempDir('alerts-outbox-'), 'alerts.db'));
    const made = tries(() => OK);
    let now = 0;
    // A window of a minute on the app's clock, which the test moves.
    const dispatcher = await start(repo, [hook('a')], made.attempt, { perMinute: 2, windowMs: 60_000 }, () => now);
    for (let n = 1; n <= 3; n++) await dispatcher.send(message(n));
    await dispatcher.idle();
    now = 61_000;
    expect(await dispatcher.test(hook('a'), { status: 'test', rule: 'Test message', text: 'TEST', startedAt: now })).toEqual(OK);
    await dispatcher.idle();
    expect(made.made.map((t) => t.text).sort()).toEqual(
      ['1 more alert message was held back in the last minute (at most 2 a minute to this destination)', 'FIRING: 1', 'FIRING: 2', 'TEST'].sort(),
    );
    expect((await byText(repo)).get('TEST')).toMatchObject({ state: 'ok', attempts: 1 });
  });

  it('a message is written with the alert change that produced it, in one transaction: neither is kept without the other', async () => {
    const { db, repo } = store(join(tempDir('alerts-outbox-'), 'alerts.db'));
    const dispatcher = await start(repo, [hook('a')], tries(() => OK).attempt);
    const tracked: TrackedAlert = {
      alert: { id: 'al-1', ruleId: 'r', kind: 'balanceBelow', severity: 'warning', subject: { type: 'system' }, state: 'firing', text: 'x', startedAt: 0, history: [] },
      notified: true,
    };
    const outbox = dispatcher.prepare(message(1));
    expect(outbox?.rows).toHaveLength(1);
    await repo.addDeliveries({ rows: outbox?.rows ?? [], queueMax: 100 });
    // The same row again: its insert fails, so the alert's change is not kept either.
    await expect(repo.saveAlert(tracked, outbox)).rejects.toThrow(/UNIQUE/);
    expect(db.prepare('SELECT count(*) AS n FROM alerts').get()).toEqual({ n: 0 });
    const fresh = dispatcher.prepare(message(2));
    await repo.saveAlert(tracked, fresh);
    expect(db.prepare('SELECT count(*) AS n FROM alerts').get()).toEqual({ n: 1 });
    const row = db.prepare<[string], { state: string; body: string }>('SELECT state, body FROM alert_deliveries WHERE id = ?').get(fresh?.rows[0]?.id ?? '');
    expect(row?.state).toBe('pending');
    expect(JSON.parse(row?.body ?? '{}')).toEqual(message(2));
  });

  it('migration 18: rows from before end ok or failed; one left "trying again" or never tried says it was not finished', () => {
    const db = new BetterSqlite3(':memory:');
    open.push(db);
    migrate(db, 0, 17);
    const insert = db.prepare('INSERT INTO alert_deliveries (id, at, destination_id, rule, status, text, ok, attempts, error) VALUES (?, 0, ?, ?, ?, ?, ?, ?, ?)');
    insert.run('sent', 'd', 'r', 'firing', 't', 1, 1, null);
    insert.run('refused', 'd', 'r', 'firing', 't', 0, 1, '400 Bad Request');
    insert.run('retrying', 'd', 'r', 'firing', 't', 0, 2, '503 Service Unavailable; trying again');
    insert.run('never', 'd', 'r', 'firing', 't', 0, 0, null);
    migrate(db, 0);
    const rows = db.prepare<[], { id: string; state: string; error: string | null }>('SELECT id, state, error FROM alert_deliveries ORDER BY seq').all();
    const unfinished = 'not finished when the server stopped (before the delivery log kept messages to send again)';
    expect(rows).toEqual([
      { id: 'sent', state: 'ok', error: null },
      { id: 'refused', state: 'failed', error: '400 Bad Request' },
      { id: 'retrying', state: 'failed', error: unfinished },
      { id: 'never', state: 'failed', error: unfinished },
    ]);
  });
});
