/**
 * The real reference server as a child process (node --import tsx server/src/server.ts), the way a
 * fresh machine runs it: used by the browser tests' global setup, the restart and session browser
 * tests, and the durability test. Resolves with the URL the server prints once it listens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A first start seeds 100,000 demo transactions: seconds on an idle machine, minutes on a loaded one (2 cores shared). */
const START_TIMEOUT_MS = 300_000;
/**
 * Every server a test starts runs the simulator on this seed, so what it does on its own (which
 * trades fail, when a block head stalls) is the same on every run. Tests still drive what they
 * assert through the simulator's control; TEST_SIM_SEED tries another seed when hunting a flake.
 */
export const TEST_SIM_SEED = process.env.TEST_SIM_SEED ?? '20261127';
/** The server's own shutdown grace is 10 s. */
const STOP_GRACE_MS = 12_000;

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the server printed so far. */
  output(): string;
}

/**
 * Starts the server with `env` over the inherited environment (PORT 0, HOST 127.0.0.1 and the
 * test seed unless given). `onSpawn` sees the child at once, so a caller can kill it whatever happens next.
 */
export async function startServerProcess(
  env: Record<string, string>,
  onSpawn?: (child: ChildProcess) => void,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SIM_SEED: TEST_SIM_SEED, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onSpawn?.(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`)),
        START_TIMEOUT_MS,
      );
      const onData = () => {
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          child.stdout?.off('data', onData);
          resolve(match[1]);
        }
      };
      child.stdout?.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${output}`));
      });
    });
    return { child, url, output: () => output };
  } catch (err) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    throw err;
  }
}

/** SIGTERM and wait for the exit; SIGKILL if the graceful shutdown takes longer than the server's grace. */
export async function stopServerProcess(child: ChildProcess | null | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/** A TCP port free right now on 127.0.0.1, for a server that must come back on the same address. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => resolve());
  });
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}
