/** Writes per user: an Operator cannot flood every console and the audit log. */
import { describe, expect, it } from 'vitest';
import { broadcastsDuring, json, logsWrittenBy, makeApp } from '../helpers.ts';

describe('writes per user', () => {
  it('past its burst a user gets 429 with a clear message and Retry-After, nothing is logged or shown; others go on; it refills', async () => {
    const t = await makeApp({ writeLimits: { burst: 5, perSecond: 1 } });
    const command = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/command', headers: { 'x-api-key': token }, payload: { to: 'worker', cmd: 'saveStats' } });
    const logs = await logsWrittenBy(t.app, async () => {
      for (let i = 0; i < 5; i += 1) expect((await command(t.operatorToken)).statusCode).toBe(200);
      const refused = await command(t.operatorToken);
      expect([refused.statusCode, json(refused).error]).toEqual([429, 'too many changes at once: wait a moment and try again']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Other writes of the same user count too.
      const pins = await t.app.inject({ method: 'PUT', url: '/api/txs/pins', headers: { 'x-api-key': t.operatorToken }, payload: { pins: [] } });
      expect(pins.statusCode).toBe(429);
      expect((await command(t.adminToken)).statusCode).toBe(200);
    });
    expect(logs.filter((l) => l.user === 'operator')).toHaveLength(5);
    t.clock.advance(1000);
    expect((await command(t.operatorToken)).statusCode).toBe(200);
    // Reads are not limited.
    expect((await t.app.inject({ method: 'GET', url: '/api/txs/', headers: { 'x-api-key': t.operatorToken } })).statusCode).toBe(200);
    await t.app.close();
  });

  it("a command to a service other than worker keeps its free text, and its toast says plainly who sent it and that it is their words; a worker command's toast is as before", async () => {
    const t = await makeApp();
    const text = 'Session expired: re-enter key at http://evil.example';
    const sent = await broadcastsDuring(t.app, async () => {
      for (const payload of [{ to: 'brain', cmd: text }, { to: 'worker', cmd: 'saveStats' }]) {
        expect((await t.app.inject({ method: 'POST', url: '/api/command', headers: { 'x-api-key': t.operatorToken }, payload })).statusCode).toBe(200);
      }
    });
    const toasts = sent.filter((b) => b.event === 'notify').map((b) => (b.payload as { msg: string }).msg);
    expect(toasts).toEqual([`operator sent this command to brain (their own words): ${text}`, 'operator sent saveStats to worker']);
    await t.app.close();
  });
});
