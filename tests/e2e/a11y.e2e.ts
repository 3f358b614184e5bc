import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeCore, loadAxe } from './axe.ts';
import { adminKey, apiAs, baseURL, hasChromium, launchBrowser, operatorKey, screenshot, signIn, type Api } from './browser.ts';
import { cleanUp, fixturesFrom, routeTo, screensOf, settled, type Fixtures, type Role } from './consoleScreens.ts';

/*
 * Accessible to people and tools: axe-core with all its rules
 * (WCAG 2.x A/AA, best practices and the deprecated ones; runOnly names them, so none is left out by
 * a tag) but the two groups axe itself leaves off by default: WCAG AAA (its 7:1 contrast is a palette
 * decision beyond the AA the console is built to; the AA contrast rule is judged) and the
 * experimental rules (focus-order-semantics wants a widget role on a focusable cut text whose full
 * text shows on focus, where no widget role is true), run inside Chromium against the real
 * reference server on every screen of each role (§2, §6) and the notification centre, signed
 * out and signed in, in the light theme at 1440×900 and on a phone's 390×844 and in the dark theme at
 * 1440×900, with toasts on screen.
 * No rule is excluded: the ones with nothing to judge on a screen (audio-caption: the console has
 * no audio or video elements; css-orientation-lock: no orientation query) pass there by themselves.
 * Only MUI's focus-trap guards are left out of the page judged (see axeViolations).
 */

const axe = axeCore;
const ALL_RULES = axe
  .getRules()
  .filter((rule) => !rule.tags.includes('wcag2aaa') && !rule.tags.includes('experimental'))
  .map((rule) => rule.ruleId);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe's findings on the page as it is now (the script is evaluated, not injected: the CSP allows no inline script). */
async function axeViolations(page: Page): Promise<Violation[]> {
  await loadAxe(page);
  return page.evaluate(async (rules) => {
    const run = (window as unknown as { axe: { run: (context: object, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    // MUI's focus trap guards (two empty tabindex=0 divs around a modal that send focus back into
    // it) are not content: focus-order-semantics has nothing to judge on them.
    const context = { exclude: [['[data-testid="sentinelStart"]'], ['[data-testid="sentinelEnd"]']] };
    const result = await run.run(context, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  }, ALL_RULES);
}

const DESK = { width: 1440, height: 900, phone: false } as const;
const PHONE = { width: 390, height: 844, phone: true } as const;
/**
 * Colour contrast does not depend on the size, and what is on a screen does not depend on the
 * theme: the light theme at a desk and on a phone, the dark theme at a desk.
 */
const CASES = [
  { theme: 'light', size: DESK },
  { theme: 'light', size: PHONE },
  { theme: 'dark', size: DESK },
] as const;
const ROLES: Role[] = ['admin', 'operator'];

/** Toasts of each kind, kept open: their colours and roles are judged with the page. */
const TOASTS = [
  { type: 'error', msg: 'Refund of trade 7f3c2a91 failed: insufficient funds for gas on Ethereum' },
  { type: 'warning', msg: 'Route search is slow: Jupiter answered in 9.8 s' },
  { type: 'success', msg: 'Sell of 1,250.5 USDC on Base confirmed' },
  { type: 'info', msg: 'worker: saveStats done' },
] as const;

const report = (found: Record<string, Violation[]>) =>
  Object.entries(found)
    .flatMap(([screen, violations]) => violations.map((v) => `${screen}: ${v.id} (${v.impact ?? 'no impact'}): ${v.help}: ${v.targets.join(', ')}`))
    .join('\n');

describe.skipIf(!hasChromium)('accessibility: axe-core with all its rules finds no violation on any screen, both themes, desk and phone', () => {
  let browser: Browser;
  let admin: Api;
  let fixtures: Fixtures;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    fixtures = await fixturesFrom(admin, 'AXE');
    // Nothing of the simulator's own by chance (a peer down, a failed tx's toast) changes what is judged.
    expect((await admin('POST', '/sim/control', { action: 'quiet', quiet: true })).status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await admin?.('POST', '/sim/control', { action: 'quiet', quiet: false });
    await cleanUp(admin, fixtures);
  });

  const contextOf = (theme: 'light' | 'dark', size: typeof DESK | typeof PHONE) =>
    browser.newContext({ baseURL, viewport: { width: size.width, height: size.height }, colorScheme: theme, isMobile: size.phone, hasTouch: size.phone });

  for (const { theme, size } of CASES) {
    const at = `${theme}, ${size.width}x${size.height}`;
    it(`signed out (/login), ${at}`, async () => {
      const context = await contextOf(theme, size);
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Access key').waitFor();
      const violations = await axeViolations(page);
      await context.close();
      expect(violations, report({ '/login': violations })).toEqual([]);
    });

    for (const role of ROLES) {
      it(`every screen of the ${role === 'admin' ? 'Admin' : 'Operator'} and the notification centre, with toasts up, ${at}`, { timeout: 300_000 }, async () => {
        const context = await contextOf(theme, size);
        const page = await context.newPage();
        const found: Record<string, Violation[]> = {};
        const judge = async (screen: string) => {
          const violations = await axeViolations(page);
          if (violations.length > 0) found[screen] = violations;
        };
        try {
          await signIn(page, role === 'admin' ? adminKey : operatorKey);
          // A notice sent before the socket is live reaches nobody: wait for Live first.
          await expect.poll(() => page.getByLabel(/^Server connection Live\b/).count(), { timeout: 15_000 }).toBe(1);
          for (const toast of TOASTS) {
            expect((await admin('POST', '/sim/control', { action: 'notify', msg: toast.msg, type: toast.type, autoClose: false })).status).toBe(200);
          }
          await page.locator('.console-toasts').waitFor({ timeout: 10_000 });
          for (const screen of screensOf(role, fixtures)) {
            if (screen.url !== '/') await routeTo(page, screen.url);
            const drawn = await settled(page, screen).then(
              () => true,
              (error: unknown) => {
                found[screen.url] = [{ id: 'not drawn', impact: null, help: String(error).split('\n')[0] ?? '', targets: [] }];
                return false;
              },
            );
            if (!drawn) continue;
            // A toast flashes in for 400 ms (a brightness filter): judged once it has settled.
            await page.waitForTimeout(450);
            await judge(screen.url);
            if (screen.url === '/') {
              const bell = page.getByRole('button', { name: /^Notifications/ });
              const opened = await bell.click({ timeout: 5000 }).then(
                () => true,
                () => false,
              );
              if (opened) {
                const centre = page.getByRole('dialog', { name: 'Notifications' });
                await centre.waitFor();
                await page.waitForTimeout(300);
                await judge('notification centre');
                await screenshot(page, `a11y-${role}-${theme}-${size.width}x${size.height}-notification-centre`);
                await page.keyboard.press('Escape');
                await centre.waitFor({ state: 'hidden' });
              } else {
                // Not an axe finding, but the centre cannot be judged: the layout test names why (covered, off screen).
                found['notification centre'] = [{ id: 'not reachable', impact: null, help: 'a click on the Notifications button does not reach it', targets: [] }];
              }
            }
          }
        } finally {
          await context.close();
        }
        expect(found, report(found)).toEqual({});
      });
    }
  }
});
