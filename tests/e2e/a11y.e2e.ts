import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, hasChromium, launchBrowser, newSession, operatorKey, signIn } from './browser.ts';

/*
 * Accessible to people and tools: axe-core, run inside Chromium on every screen against the real
 * reference server, signed out and signed in, in both themes, reports no violation. Its default
 * rules (WCAG 2.x A/AA and best practices) plus label-content-name-mismatch (a control's accessible
 * name contains its visible text, so a person saying what they see finds it), which axe keeps
 * among its experimental rules.
 */

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe's findings on the page as it is now (the script is evaluated, not injected: the CSP allows no inline script). */
async function axeViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
}

const SIGNED_IN_SCREENS = [
  '/',
  '/tx',
  '/tx/latest',
  '/tsettings',
  '/tsettings/tokens',
  '/tx/new',
  '/settings',
  '/settings/networks',
  '/settings/configs',
  '/settings/tokens',
  '/settings/userlogs',
  '/settings/bridges',
];

describe.skipIf(!hasChromium)('accessibility: axe-core finds no violation on any screen, in both themes', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const theme of ['light', 'dark'] as const) {
    it(`signed out (/login), ${theme}`, async () => {
      const { page, context } = await newSession(browser, theme);
      await page.goto('/login');
      await page.getByLabel('Access key').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });

    it(`every signed-in screen as Admin, and home as Operator, ${theme}`, async () => {
      const { page, context } = await newSession(browser, theme);
      await signIn(page, adminKey);
      const found: Record<string, Violation[]> = {};
      for (const path of SIGNED_IN_SCREENS) {
        await page.goto(path);
        await page.getByRole('main').waitFor();
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await page.getByText('Loading...').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
        const violations = await axeViolations(page);
        if (violations.length > 0) found[path] = violations;
      }
      const operator = await newSession(browser, theme);
      await signIn(operator.page, operatorKey);
      // Like every screen above: judged once it has loaded (its lazy chunks can land after the splash closes).
      await operator.page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
      const home = await axeViolations(operator.page);
      if (home.length > 0) found['/ (Operator)'] = home;
      expect(found).toEqual({});
      await operator.context.close();
      await context.close();
    });
  }
});
