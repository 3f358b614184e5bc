/**
 * axe-core in the page, for the files that judge a screen with it. Evaluated, not injected (the
 * console's CSP allows no inline script), and once per document: screens reached by the router keep
 * it, where half a megabyte of script was evaluated again before every check.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export const axeCore = createRequire(import.meta.url)('axe-core') as { source: string; getRules: () => { ruleId: string; tags: string[] }[] };

export async function loadAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source);
}
