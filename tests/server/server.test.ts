import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { makeStaticDir, tempDir } from './helpers.ts';

function waitFor(read: () => string, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const match = read().match(pattern);
      if (match) {
        clearInterval(poll);
        resolve(match);
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(poll);
        reject(new Error(`no ${pattern} in: ${read()}`));
      }
    }, 20);
  });
}

describe('server.ts', () => {
  it('prints the generated keys once and the listening line, serves, and shuts down on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      // 2,000 demo txs: the first start's seeding of the default 100,000 is what took most of the wait.
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: tempDir('console-server-'), STATIC_DIR: makeStaticDir(), DEMO_TXS: '2000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    const [, port] = await waitFor(() => stdout, /^listening on http:\/\/127\.0\.0\.1:(\d+)$/m, 15_000);
    const [, adminKey] = await waitFor(() => stdout, /Demo access keys — Admin: (\S+)\s+Operator: (\S+)/, 100);
    expect(stdout.match(/listening on/g)).toHaveLength(1);

    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessKey: adminKey }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };

    const socket = connect(base, { auth: { token }, query: { events: 'init' }, transports: ['websocket'], reconnection: false });
    await new Promise((resolve) => socket.once('init', resolve));
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await disconnected;
    expect(stdout).toContain('stopped');
    expect(stderr).toBe('');
  }, 30_000);

  it('refuses to start on an invalid environment, naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      env: { ...process.env, PORT: 'eighty', DATA_DIR: tempDir('console-server-') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/invalid environment:\s+PORT: /);
  }, 30_000);
});
