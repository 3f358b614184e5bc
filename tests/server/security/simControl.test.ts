/** The simulator's control is audited and exists only while the simulator runs. */
import { describe, expect, it } from 'vitest';
import { logsWrittenBy, makeApp } from '../helpers.ts';

describe('the simulator\'s control, POST /api/sim/control', () => {
  it('with SIM=on every use is written to the user log with who sent what', async () => {
    const t = await makeApp({ sim: { enabled: true, seed: 1, rate: 1 } });
    const body = { action: 'notify', msg: 'Session expired: re-enter key at http://evil.example', type: 'info', autoClose: 5000 };
    const logs = await logsWrittenBy(t.app, async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/sim/control', headers: { 'x-api-key': t.adminToken }, payload: body });
      expect(response.statusCode).toBe(200);
      const refuse = { action: 'refuse', method: 'GET', path: '/api/configs', status: 503, error: 'down', times: 1 };
      expect((await t.app.inject({ method: 'POST', url: '/api/sim/control', headers: { 'x-api-key': t.adminToken }, payload: refuse })).statusCode).toBe(200);
    });
    expect(logs.map((l) => [l.user, l.action, l.details])).toEqual([
      ['admin', 'sim.control', body],
      ['admin', 'sim.control', { action: 'refuse', method: 'GET', path: '/api/configs', status: 503, error: 'down', times: 1 }],
    ]);
    await t.app.close();
  });

  it('with SIM=off the control does not exist: 404 to an Admin, 401 without a session, and nothing is logged', async () => {
    const t = await makeApp();
    const body = { action: 'notify', msg: 'x', type: 'info' };
    const logs = await logsWrittenBy(t.app, async () => {
      const admin = await t.app.inject({ method: 'POST', url: '/api/sim/control', headers: { 'x-api-key': t.adminToken }, payload: body });
      expect(admin.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: '/api/sim/control', payload: body })).statusCode).toBe(401);
    });
    expect(logs).toEqual([]);
    await t.app.close();
  });
});
