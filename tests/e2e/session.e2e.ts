import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_ROLE } from '../../src/config/enums.ts';
import { SESSION_MS } from '../../src/config/constants.ts';
import { signSession } from '../../server/src/auth/jwt.ts';
import { freePort, startServerProcess, stopServerProcess } from '../support/serverProcess.ts';
import { hasChromium, launchBrowser, signIn } from './browser.ts';

/*
 * Session expiry (§4, docs/protocol.md "Login and the session token") in Chromium: at the token's
 * exp the server sends stopReconnect and disconnects; the console shows the persistent
 * "Disconnected from server" toast, does not retry, and sends the operator to sign in again, once,
 * without a reload loop.
 *
 * A session lasts an hour, so this file runs its OWN reference server with a known JWT_SECRET and
 * hands the console a genuine token of that server issued almost an hour ago (the real login
 * answer is swapped on its way to the page). The shared server of globalSetup is not touched.
 */

const SECRET = 'session-e2e-secret-0123456789-abcdefghij';
const DISCONNECTED = 'Disconnected from server';
const RECONNECTING = 'Disconnected from server. Reconnecting...';
/** Time the sign-in flow has before the forged session ends (login form, splash, first socket). */
const SESSION_LEFT_MS = 20_000;

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const { child } = await startServerProcess({
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_KEY: inject('adminKey'),
    OPERATOR_KEY: inject('operatorKey'),
    JWT_SECRET: SECRET,
    LOGIN_RATE_LIMIT: '1000',
    STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
    DEMO_TXS: '0',
    SIM: 'on',
  });
  return child;
}

const stopServer = stopServerProcess;

interface SessionProbe {
  /** Texts of the two disconnect toasts, each time one appeared. */
  toasts: string[];
  /** socket.io websockets the page opened. */
  sockets: number;
  /** Document loads of this tab (sessionStorage survives reloads, window globals do not). */
  loads: number;
}

declare global {
  interface Window {
    __sessionProbe?: SessionProbe;
  }
}

function installProbe(texts: string[]): void {
  const loads = Number(sessionStorage.getItem('probe-loads') ?? '0') + 1;
  sessionStorage.setItem('probe-loads', String(loads));
  const probe: SessionProbe = { toasts: [], sockets: 0, loads };
  window.__sessionProbe = probe;
  const seen = new WeakSet<Element>();
  new MutationObserver(() => {
    if (!document.body) return;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const element = node.parentElement;
      if (element && texts.includes(text) && !seen.has(element)) {
        seen.add(element);
        probe.toasts.push(text);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      if (String(url).includes('/socket.io/')) probe.sockets += 1;
    }
  };
}

async function probeOf(page: Page): Promise<SessionProbe> {
  const probe = await page.evaluate(() => window.__sessionProbe);
  if (!probe) throw new Error('page probe missing');
  return probe;
}

describe.skipIf(!hasChromium)('§4 session expiry in the browser', () => {
  let browser: Browser;
  let server: ChildProcess | null = null;
  let dataDir = '';
  let baseURL = '';

  beforeAll(async () => {
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-session-'));
    const [launched, started] = await Promise.allSettled([launchBrowser(), startServer(port, dataDir)]);
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'fulfilled') server = started.value;
    for (const result of [launched, started]) if (result.status === 'rejected') throw result.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('§4/§9 at expiry: "Disconnected from server" stays, no retry, then the sign-in screen once, and signing in again works', async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    try {
      await context.addInitScript(installProbe, [DISCONNECTED, RECONNECTING]);
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));

      // The real login checks the key; its answer is replaced by a genuine token of this server that
      // was issued an hour ago minus SESSION_LEFT_MS, so it ends soon.
      let forgedExp = 0;
      await page.route('**/api/login', async (route) => {
        const real = await route.fetch();
        expect(real.status()).toBe(200);
        const issuedAt = Date.now() - SESSION_MS + SESSION_LEFT_MS;
        const token = signSession({ name: 'admin', role: ADMIN_ROLE }, SECRET, issuedAt);
        forgedExp = Math.floor((issuedAt + SESSION_MS) / 1000) * 1000;
        await route.fulfill({ response: real, json: { token } });
      });
      await signIn(page, inject('adminKey'));
      await page.unroute('**/api/login');
      await expect.poll(() => page.getByLabel(/^Server connection Live\b/).count(), { timeout: 10_000 }).toBe(1);
      expect(forgedExp - Date.now()).toBeGreaterThan(0);

      // --- the server ends the session at exp ----------------------------------------------------
      await page.getByText(DISCONNECTED, { exact: true }).waitFor({ timeout: SESSION_LEFT_MS + 10_000 });
      expect(Date.now()).toBeGreaterThanOrEqual(forgedExp - 1000);
      expect(await page.evaluate(() => localStorage.getItem('reconn'))).toBe('0');
      expect(await page.getByRole('button', { name: /^Session time remaining/ }).textContent()).toBe('00:00');

      // --- then the sign-in screen, by itself, without reloading the page ----------------------
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
      expect(new URL(page.url()).searchParams.get('session')).toBe('expired');
      await page.getByLabel('Access key').waitFor();
      await page.getByText('Your session has ended. Sign in again.').waitFor();
      // No loop: it stays there, the tab was never reloaded, no socket was opened again.
      await page.waitForTimeout(6000);
      expect(new URL(page.url()).pathname).toBe('/login');
      const probe = await probeOf(page);
      expect(probe.loads).toBe(1);
      expect(probe.sockets).toBe(1);
      expect(probe.toasts).toEqual([DISCONNECTED]);
      // The token is gone from storage: a reload stays on the sign-in screen too.
      expect(await page.evaluate(() => localStorage.getItem('USER_API_KEY'))).toBeNull();
      await page.reload();
      await page.getByLabel('Access key').waitFor();
      await page.waitForTimeout(2000);
      expect(new URL(page.url()).pathname).toBe('/login');

      // --- signing in again gives a fresh session that connects --------------------------------
      await signIn(page, inject('adminKey'));
      await expect.poll(() => page.getByLabel(/^Server connection Live\b/).count(), { timeout: 10_000 }).toBe(1);
      expect(await page.evaluate(() => localStorage.getItem('reconn'))).toBeNull();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
