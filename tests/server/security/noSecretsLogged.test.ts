/**
 * No secret ever logged: with the most verbose log level, signing in with the access
 * keys and using the session token (REST and socket, good and bad, errors included) never puts an
 * access key, a session token or the JWT secret into the server's log (pino) or its output; nor
 * SECRETS_KEY, nor an alert destination's bot token saved, read and tried.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { io as connect } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_KEY, OPERATOR_KEY, SECRET, makeApp, tempDir } from '../helpers.ts';
import { killed, spawnServer } from './fixtures.ts';

/** The secrets and the parts of them a careless log line could hold. */
function leaks(text: string, secrets: Record<string, string>): string[] {
  return Object.entries(secrets).flatMap(([name, secret]) => {
    const parts = [secret, ...(secret.split('.').length === 3 ? [secret.split('.')[2] as string] : [])];
    return parts.some((part) => part.length >= 16 && text.includes(part)) ? [name] : [];
  });
}

async function handshake(url: string, token: string): Promise<string> {
  const socket = connect(url, { auth: { token }, query: { events: 'init' }, transports: ['websocket'], reconnection: false, forceNew: true });
  try {
    return await new Promise((resolve) => {
      const timer = setTimeout(() => resolve('no answer'), 5000);
      socket.once('connect_error', (error: Error) => {
        clearTimeout(timer);
        resolve(error.message);
      });
      socket.once('init', () => {
        clearTimeout(timer);
        resolve('init');
      });
    });
  } finally {
    socket.disconnect();
  }
}

describe('no secret ever logged', () => {
  it('in-process, level trace: logins, tokens on REST and socket, 400s, 401s, 429s and a 500 leave no secret in the log', async () => {
    let log = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const t = await makeApp({ logger: { level: 'trace', stream }, loginRateLimit: 5, now: Date.now });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('not listening');
    const url = `http://127.0.0.1:${address.port}`;

    const tokens: string[] = [];
    for (const accessKey of [ADMIN_KEY, OPERATOR_KEY]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { accessKey } });
      expect(response.statusCode).toBe(200);
      tokens.push(response.json<{ token: string }>().token);
    }
    const [admin, operator] = tokens as [string, string];
    // A near miss, a malformed body holding the key, an unknown field, and the rate limit.
    await t.app.inject({ method: 'POST', url: '/api/login', payload: { accessKey: `${ADMIN_KEY}x` } });
    await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: `{"accessKey":"${ADMIN_KEY}"` });
    await t.app.inject({ method: 'POST', url: '/api/login', payload: { accessKey: ADMIN_KEY, [ADMIN_KEY]: ADMIN_KEY } });
    for (let i = 0; i < 6; i++) await t.app.inject({ method: 'POST', url: '/api/login', payload: { accessKey: OPERATOR_KEY } });
    // The tokens at work, refused, and in a request that fails inside.
    await t.app.inject({ method: 'GET', url: '/api/configs', headers: { 'x-api-key': admin } });
    await t.app.inject({ method: 'GET', url: '/api/configs', headers: { 'x-api-key': operator } });
    await t.app.inject({ method: 'GET', url: '/api/configs', headers: { 'x-api-key': `${admin}x` } });
    await t.app.inject({ method: 'PUT', url: '/api/txs/pins', headers: { 'x-api-key': operator }, payload: { pins: [admin] } });
    const spy = vi.spyOn(t.app.store.configs, 'list').mockRejectedValueOnce(new Error("simulated database failure"));
    expect((await t.app.inject({ method: 'GET', url: '/api/configs', headers: { 'x-api-key': admin } })).statusCode).toBe(500);
    spy.mockRestore();
    expect(await handshake(url, operator)).toBe('init');
    expect(await handshake(url, `${operator}x`)).toBe('unauthorized');
    await t.app.close();

    // The log was written (the test would prove nothing otherwise) and names requests, not secrets.
    expect(log).toContain('/api/login');
    expect(log).toContain('request failed');
    expect(leaks(log, { ADMIN_KEY, OPERATOR_KEY, JWT_SECRET: SECRET, 'admin token': admin, 'operator token': operator })).toEqual([]);
  });

  it('the real server process, LOG_LEVEL=trace: nothing it prints holds an access key, a token or the JWT secret', async () => {
    const dataDir = tempDir('console-secrets-');
    const children: ChildProcess[] = [];
    const keys = { ADMIN_KEY: 'process-admin-key-0123456789', OPERATOR_KEY: 'process-operator-key-0123456789' };
    const jwtSecret = 'process-jwt-secret-0123456789-abcdefghijkl';
    // SECRETS_KEY (alerts/secrets.ts) and an alert destination's bot token, saved and read back.
    const secretsKey = randomBytes(32).toString('hex');
    const botToken = '999999:process-bot-token-0123456789';
    try {
      const server = await spawnServer(
        { DATA_DIR: dataDir, STATIC_DIR: dataDir, LOG_LEVEL: 'trace', JWT_SECRET: jwtSecret, SECRETS_KEY: secretsKey, ...keys },
        children,
      );
      const login = async (accessKey: string) =>
        fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ accessKey }) });
      const response = await login(keys.ADMIN_KEY);
      expect(response.status).toBe(200);
      const { token } = (await response.json()) as { token: string };
      expect((await login(`${keys.OPERATOR_KEY}!`)).status).toBe(401);
      expect((await fetch(`${server.url}/api/configs`, { headers: { 'x-api-key': token } })).status).toBe(200);
      expect(await handshake(server.url, token)).toBe('init');
      const destinations = [{ id: 'tg', name: 'On call', kind: 'telegram', enabled: true, chatId: '-100', botToken, apiBase: 'http://127.0.0.1:9' }];
      const adminCall = (method: string, path: string, body?: unknown) =>
        fetch(`${server.url}/api${path}`, { method, headers: { 'x-api-key': token, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
      expect((await adminCall('PUT', '/alerts/destinations', { destinations })).status).toBe(200);
      expect((await adminCall('GET', '/alerts/destinations')).status).toBe(200);
      expect((await adminCall('POST', '/alerts/destinations/tg/test')).status).toBe(200);
      server.child.kill('SIGTERM');
      await killed(server.child);

      expect(server.output()).toContain('/api/login');
      expect(leaks(server.output(), { ...keys, JWT_SECRET: jwtSecret, token, SECRETS_KEY: secretsKey, botToken })).toEqual([]);
    } finally {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
