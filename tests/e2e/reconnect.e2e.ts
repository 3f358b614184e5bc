import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launchBrowser, operatorKey, screenshot, signIn } from './browser.ts';

/*
 * SPEC §4 socket connection: on disconnect an error sound plays and msRemainingBeforeDisconnect
 * becomes 0; with the reconn flag not "0" a warning toast "Disconnected from server. Reconnecting..."
 * is shown and a retry follows after 5 s (§9 reconnect delay 5000 ms).
 *
 * This file runs its OWN reference server (the shared one from globalSetup must stay up for the
 * other files): killed and restarted on the same port with the same data directory, so the JWT
 * secret kept in the database still accepts the console's token after the restart.
 */

const RECONNECTING = 'Disconnected from server. Reconnecting...';
const DISCONNECTED = 'Disconnected from server';
const RETRY_MS = 5000;
/** Timer slack on a loaded 2-core machine (the retry is a setTimeout, then a websocket open). */
const SLACK_MS = 2000;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => resolve());
  });
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!port) throw new Error('no free port');
  return port;
}

/** The spawn logic of globalSetup, on a fixed port. */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_KEY: inject('adminKey'),
      OPERATOR_KEY: inject('operatorKey'),
      LOGIN_RATE_LIMIT: '1000',
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
      SIM: 'on',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start in 30 s:\n${output}`)), 30_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(`listening on http://127.0.0.1:${port}`)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${output}`));
      });
    });
  } catch (err) {
    if (child.exitCode === null) child.kill('SIGKILL');
    throw err;
  }
  return child;
}

/** SIGTERM, wait for the exit (SIGKILL after 12 s: the server's own grace is 10 s). */
async function stopServer(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
  await exited;
  clearTimeout(timer);
}

interface ToastSeen {
  text: string;
  at: number;
}

interface Probe {
  /** Every distinct element that ever held exactly one of the two disconnect texts. */
  toasts: ToastSeen[];
  /** Most of them on screen at one time. */
  maxOpen: number;
  /** Oscillator starts: SPEC §9 sounds are synthesised; the error sound is the sawtooth one. */
  tones: { type: string; at: number }[];
  /** Every socket.io websocket the page opened, with the page's own open and close times. */
  sockets: { openedAt: number; closedAt: number | null }[];
}

declare global {
  interface Window {
    __probe?: Probe;
  }
}

/**
 * Runs in the page before its scripts: records every appearance of the disconnect toasts (so a
 * duplicate that was on screen only briefly is still seen), every synthesised tone and every
 * websocket (timed on the page's clock, free of the test process's event delivery delays).
 */
function installProbe(texts: string[]): void {
  const probe: Probe = { toasts: [], maxOpen: 0, tones: [], sockets: [] };
  window.__probe = probe;
  const seen = new WeakSet<Element>();
  const scan = () => {
    if (!document.body) return;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let open = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const element = node.parentElement;
      if (!element || !texts.includes(text)) continue;
      open += 1;
      if (!seen.has(element)) {
        seen.add(element);
        probe.toasts.push({ text, at: Date.now() });
      }
    }
    probe.maxOpen = Math.max(probe.maxOpen, open);
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<OscillatorNode['start']>) {
    probe.tones.push({ type: this.type, at: Date.now() });
    return start.apply(this, args);
  };
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      if (!String(url).includes('/socket.io/')) return;
      const entry: Probe['sockets'][number] = { openedAt: Date.now(), closedAt: null };
      probe.sockets.push(entry);
      this.addEventListener('close', () => {
        entry.closedAt = Date.now();
      });
    }
  };
}

const indicator = (page: Page, status: string) => page.getByLabel(new RegExp(`^Server connection ${status}\\b`));
const countdown = (page: Page) => page.getByRole('button', { name: /^Session time remaining/ });

function mmSsToMs(text: string): number {
  const match = /^(\d\d):(\d\d)$/.exec(text.trim());
  if (!match) return Number.NaN;
  return (Number(match[1]) * 60 + Number(match[2])) * 1000;
}

describe.skipIf(!hasChromium)('§4 socket connection against a reference server that goes away and comes back', () => {
  let browser: Browser;
  let server: ChildProcess | null = null;
  let dataDir = '';
  let port = 0;

  beforeAll(async () => {
    port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-reconnect-'));
    // In parallel; whichever started is kept, so afterAll can stop it even when the other failed.
    const [launched, started] = await Promise.allSettled([launchBrowser(), startServer(port, dataDir)]);
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'fulfilled') server = started.value;
    for (const result of [launched, started]) if (result.status === 'rejected') throw result.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await stopServer(server);
    server = null;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('§4 server restarted while the console is open: warning toast once, 00:00, retry every 5 s, back to Live with the session re-synced', async () => {
    const baseURL = `http://127.0.0.1:${port}`;
    const context: BrowserContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    try {
      await context.addInitScript(installProbe, [RECONNECTING, DISCONNECTED]);
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const probe = async (): Promise<Probe> => {
        const value = await page.evaluate(() => window.__probe);
        if (!value) throw new Error('page probe missing');
        return value;
      };

      await signIn(page, operatorKey);
      await expect.poll(() => indicator(page, 'Live').count(), { timeout: 15_000 }).toBe(1);
      // Live comes with the connect; the countdown follows with init.
      await expect.poll(async () => mmSsToMs((await countdown(page).textContent()) ?? ''), { timeout: 5000 }).toBeGreaterThan(55 * 60_000);
      const before = mmSsToMs((await countdown(page).textContent()) ?? '');
      expect(await page.evaluate(() => localStorage.getItem('reconn'))).toBeNull();
      const sockets = async () => (await probe()).sockets;
      expect(await sockets()).toHaveLength(1);
      const tonesBefore = (await probe()).tones.length;

      // --- the server goes away -------------------------------------------------------------
      await stopServer(server);
      server = null;
      await expect.poll(async () => (await sockets())[0]?.closedAt ?? null, { timeout: 5000 }).not.toBeNull();
      const lostAt = (await sockets())[0]?.closedAt ?? 0;

      await page.getByText(RECONNECTING, { exact: true }).waitFor({ timeout: 5000 });
      await expect.poll(() => indicator(page, 'Reconnecting').count(), { timeout: 5000 }).toBe(1);
      // msRemainingBeforeDisconnect 0: the countdown reads 00:00.
      await expect.poll(() => countdown(page).textContent(), { timeout: 3000 }).toBe('00:00');
      // An error sound plays (§9: the error sound is the only sawtooth tone).
      await expect
        .poll(async () => (await probe()).tones.slice(tonesBefore).filter((t) => t.type === 'sawtooth').length, { timeout: 3000 })
        .toBeGreaterThanOrEqual(1);
      await screenshot(page, 'reconnect-warning');

      // The first retry comes 5 s after the loss, not sooner; with the server still down it fails.
      await expect.poll(async () => (await sockets()).length, { timeout: RETRY_MS + SLACK_MS + 1000, interval: 100 }).toBeGreaterThanOrEqual(2);
      await expect.poll(async () => (await sockets())[1]?.closedAt ?? null, { timeout: 3000 }).not.toBeNull();
      // Still one warning toast, the indicator still Reconnecting, no "no retry" error toast.
      expect(await page.getByText(RECONNECTING, { exact: true }).count()).toBe(1);
      expect(await page.getByText(DISCONNECTED, { exact: true }).count()).toBe(0);
      expect(await indicator(page, 'Reconnecting').count()).toBe(1);
      expect(await countdown(page).textContent()).toBe('00:00');

      // --- the server comes back on the same port and data dir --------------------------------
      server = await startServer(port, dataDir);
      const restartedAt = Date.now();
      // The console reconnects by itself on a later retry (at most one retry period away).
      await expect.poll(() => indicator(page, 'Live').count(), { timeout: RETRY_MS + SLACK_MS + 3000, interval: 200 }).toBe(1);
      const liveAt = Date.now();
      await page.getByText(RECONNECTING, { exact: true }).waitFor({ state: 'detached', timeout: 5000 });
      // Re-synced from init: a real remaining time again, counting down from the login's session.
      await expect.poll(async () => mmSsToMs((await countdown(page).textContent()) ?? ''), { timeout: 3000 }).toBeGreaterThan(55 * 60_000);
      const after = mmSsToMs((await countdown(page).textContent()) ?? '');
      expect(after).toBeLessThanOrEqual(before);
      expect(await page.evaluate(() => localStorage.getItem('reconn'))).toBeNull();
      await screenshot(page, 'reconnect-live-again');

      // Retry cadence: nothing within 5 s of the loss, then one attempt every 5 s until one holds.
      const opened = await sockets();
      const retries = opened.slice(1).map((s) => s.openedAt);
      const gaps = [retries[0]! - lostAt, ...retries.slice(1).map((at, i) => at - retries[i]!)];
      for (const gap of gaps) {
        expect(gap).toBeGreaterThanOrEqual(RETRY_MS - 250);
        expect(gap).toBeLessThanOrEqual(RETRY_MS + SLACK_MS);
      }
      const last = opened.at(-1);
      expect(last?.closedAt).toBeNull();
      expect(last!.openedAt).toBeGreaterThanOrEqual(restartedAt - 1000);
      expect(liveAt - restartedAt).toBeLessThanOrEqual(RETRY_MS + SLACK_MS + 3000);

      // Shown once: one warning toast element over the whole outage (failed retries add none), never
      // two at a time, and never the no-retry error toast. Nothing new appears once Live again.
      await page.waitForTimeout(1000);
      const seen = await probe();
      expect(seen.toasts.map((t) => t.text)).toEqual([RECONNECTING]);
      expect(seen.maxOpen).toBe(1);
      expect(await page.getByText(RECONNECTING, { exact: true }).count()).toBe(0);
      expect(await indicator(page, 'Live').count()).toBe(1);
      expect(pageErrors).toEqual([]);
      console.info(
        `[reconnect] retries at +${gaps.join(' ms, +')} ms; live ${liveAt - restartedAt} ms after restart; ` +
          `error tones ${seen.tones.slice(tonesBefore).filter((t) => t.type === 'sawtooth').length}`,
      );
    } finally {
      await context.close();
    }
  });
});
