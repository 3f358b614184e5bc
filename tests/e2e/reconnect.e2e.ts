import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DB_FILE_NAME } from '../../server/src/db/store.ts';
import { freePort, startServerProcess, stopServerProcess } from '../support/serverProcess.ts';
import { adminKey, hasChromium, launchBrowser, operatorKey, screenshot, signIn } from './browser.ts';

/*
 * §4 socket connection: on disconnect an error sound plays and msRemainingBeforeDisconnect
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

/** The real server on a fixed port (the consoles reconnect to the same address after a restart). */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const { child } = await startServerProcess({
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_KEY: inject('adminKey'),
    OPERATOR_KEY: inject('operatorKey'),
    LOGIN_RATE_LIMIT: '1000',
    STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
    // The reconnect needs live events, not the 100,000 demo txs (seeding them is most of a start).
    DEMO_TXS: '1000',
    SIM: 'on',
  });
  return child;
}

const stopServer = stopServerProcess;

interface ToastSeen {
  text: string;
  at: number;
}

interface Probe {
  /** Every distinct element that ever held exactly one of the two disconnect texts. */
  toasts: ToastSeen[];
  /** Most of them on screen at one time. */
  maxOpen: number;
  /** Oscillator starts: §9 sounds are synthesised; the error sound is the sawtooth one. */
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

/** The workers chip (§2 worker controls): its accessible name carries the state. */
const workersChip = (page: Page) => page.getByLabel(/^Workers (working|stopped|state unknown)$/);
/** §1 connected users: one chip per user, "name (role)", titled with the time it connected. */
const userChips = (page: Page) =>
  page.getByRole('region', { name: 'Connected users and services' }).locator('.MuiChip-root');

/** Every block-head button's network and number, from its accessible name "<network> block <num>". */
async function blockHeads(page: Page): Promise<Map<string, number>> {
  // Each block head is named by its hidden first span: "<network> block <number>".
  const labels = await page
    .getByRole('region', { name: 'Block heads' })
    .getByRole('button')
    .evaluateAll((nodes) => nodes.map((node) => node.firstElementChild?.textContent ?? ''));
  const heads = new Map<string, number>();
  for (const label of labels) {
    const match = /^(.+) block (\d+)$/.exec(label);
    if (match?.[1] && match[2]) heads.set(match[1], Number(match[2]));
  }
  return heads;
}

/**
 * Changes the stored brain state while the server is down, straight in its database: only the
 * `init` of a new connection can bring this value to a console (no event ever carried it).
 */
function setWorkersInDatabase(dataDir: string, running: boolean, startedBy: string): void {
  const db = new BetterSqlite3(join(dataDir, DB_FILE_NAME));
  try {
    const changed = db
      .prepare(
        `UPDATE settings SET value = json_set(value, '$.workersRunning', json(?), '$.workersStartedBy', ?)
         WHERE key = 'brainState'`,
      )
      .run(running ? 'true' : 'false', startedBy).changes;
    if (changed !== 1) throw new Error('no stored brain state to change');
  } finally {
    db.close();
  }
}

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

  it('§4 server restarted twice under simulator traffic with an admin and an operator console open: each shows Reconnecting and one warning toast per outage, re-syncs from init, nothing stale stays', async () => {
    const baseURL = `http://127.0.0.1:${port}`;
    if (!server) server = await startServer(port, dataDir);
    interface Console {
      who: string;
      context: BrowserContext;
      page: Page;
      pageErrors: string[];
    }
    const consoles: Console[] = [];
    try {
      for (const [who, key] of [
        ['admin', adminKey],
        ['operator', operatorKey],
      ] as const) {
        const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
        await context.addInitScript(installProbe, [RECONNECTING, DISCONNECTED]);
        const page = await context.newPage();
        const pageErrors: string[] = [];
        page.on('pageerror', (error) => pageErrors.push(error.message));
        consoles.push({ who, context, page, pageErrors });
        await signIn(page, key);
      }
      const probeOf = async (page: Page): Promise<Probe> => {
        const value = await page.evaluate(() => window.__probe);
        if (!value) throw new Error('page probe missing');
        return value;
      };
      const userChipTexts = async (page: Page) => (await userChips(page).allTextContents()).sort();
      const userChipTitles = async (page: Page) =>
        (await userChips(page).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('title') ?? ''))).sort();

      // Live, with the simulator's block heads moving and both users listed once each.
      for (const { page } of consoles) {
        await expect.poll(() => indicator(page, 'Live').count(), { timeout: 15_000 }).toBe(1);
        await expect.poll(async () => (await blockHeads(page)).size, { timeout: 15_000 }).toBeGreaterThan(0);
        await expect.poll(() => userChipTexts(page), { timeout: 10_000 }).toEqual(['admin (Admin)', expect.stringMatching(/^operator \(/)]);
        await expect.poll(() => workersChip(page).getAttribute('aria-label'), { timeout: 5000 }).toMatch(/^Workers (working|stopped)$/);
      }
      let workersRunning = (await workersChip(consoles[0]!.page).getAttribute('aria-label')) === 'Workers working';

      for (let outage = 1; outage <= 2; outage += 1) {
        const before = await Promise.all(
          consoles.map(async ({ page }) => ({
            heads: await blockHeads(page),
            titles: await userChipTitles(page),
            toasts: (await probeOf(page)).toasts.length,
          })),
        );

        // --- the server goes away: both consoles show the reconnecting state -----------------------
        await stopServer(server);
        server = null;
        for (const { page } of consoles) {
          await page.getByText(RECONNECTING, { exact: true }).waitFor({ timeout: 5000 });
          await expect.poll(() => indicator(page, 'Reconnecting').count(), { timeout: 5000 }).toBe(1);
          await expect.poll(() => countdown(page).textContent(), { timeout: 3000 }).toBe('00:00');
        }
        if (outage === 1) await screenshot(consoles[0]!.page, 'reconnect-two-consoles-warning');

        // --- while it is down, the stored brain state changes (only init can carry it) --------------
        workersRunning = !workersRunning;
        const startedBy = workersRunning ? `h7-outage-${outage}` : '';
        setWorkersInDatabase(dataDir, workersRunning, startedBy);
        // Let at least one retry fail against the closed port.
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS + 500));
        for (const { page } of consoles) {
          expect(await page.getByText(RECONNECTING, { exact: true }).count()).toBe(1);
          expect(await indicator(page, 'Reconnecting').count()).toBe(1);
        }

        // --- back on the same port and data directory, the simulator producing again -----------
        server = await startServer(port, dataDir);
        const restartedAt = Date.now();
        for (const [i, { page, who }] of consoles.entries()) {
          await expect.poll(() => indicator(page, 'Live').count(), { timeout: RETRY_MS + SLACK_MS + 5000, interval: 200 }).toBe(1);
          await page.getByText(RECONNECTING, { exact: true }).waitFor({ state: 'detached', timeout: 5000 });
          // Re-synced from init: the brain state written while the server was down is on screen.
          await expect
            .poll(() => workersChip(page).getAttribute('aria-label'), { timeout: 5000 })
            .toBe(workersRunning ? 'Workers working' : 'Workers stopped');
          if (workersRunning) expect(await workersChip(page).getAttribute('title')).toBe(`started by ${startedBy}`);
          // The session countdown is real again.
          await expect.poll(async () => mmSsToMs((await countdown(page).textContent()) ?? ''), { timeout: 3000 }).toBeGreaterThan(50 * 60_000);
          // The connected users are the new sockets: admin and operator once each, none of the old
          // (each chip's title is the time its socket connected, so old chips would keep their title).
          await expect.poll(() => userChipTexts(page), { timeout: 5000 }).toEqual(['admin (Admin)', expect.stringMatching(/^operator \(/)]);
          // The server tells the connected users a moment after the sockets join (coalesced), so the
          // old chips may still show when Live does: they must all give way to the new sockets'.
          await expect
            .poll(async () => (await userChipTitles(page)).filter((title) => before[i]!.titles.includes(title)), { timeout: 8000 })
            .toEqual([]);
          const titles = await userChipTitles(page);
          for (const title of titles) expect(before[i]!.titles, `${who}: connected-user chip ${title} is stale`).not.toContain(title);
          // Block heads advance again after the restart: some network shows a number it did not show before.
          const heads = await blockHeads(page);
          await expect
            .poll(
              async () => {
                const now = await blockHeads(page);
                return [...now].some(([network, num]) => heads.get(network) !== num);
              },
              { timeout: 15_000, interval: 250 },
            )
            .toBe(true);
        }
        expect(Date.now() - restartedAt).toBeLessThan(60_000);

        // Exactly one warning toast per console for this outage, never two at once, never the
        // no-retry error toast; and none left open once Live again.
        await consoles[0]!.page.waitForTimeout(1000);
        for (const [i, { page, who, pageErrors }] of consoles.entries()) {
          const seen = await probeOf(page);
          const added = seen.toasts.slice(before[i]!.toasts).map((t) => t.text);
          expect(added, `${who}: toasts shown during outage ${outage}`).toEqual([RECONNECTING]);
          expect(seen.maxOpen).toBe(1);
          expect(await page.getByText(RECONNECTING, { exact: true }).count()).toBe(0);
          expect(await page.getByText(DISCONNECTED, { exact: true }).count()).toBe(0);
          expect(await indicator(page, 'Live').count()).toBe(1);
          // One socket open at a time: every earlier one is closed (no doubled connection after a retry).
          expect(seen.sockets.filter((s) => s.closedAt === null)).toHaveLength(1);
          expect(pageErrors).toEqual([]);
        }
        if (outage === 2) await screenshot(consoles[1]!.page, 'reconnect-two-consoles-live-again');
      }
    } finally {
      for (const { context } of consoles) await context.close();
    }
  }, 180_000);
});
