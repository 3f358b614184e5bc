import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium.ts';

/** This worker's own reference server (globalSetup starts one per worker; the pool ids count from 1). */
export const baseURL = pickServer(inject('baseURLs'), Number(process.env.VITEST_POOL_ID ?? 1));
export const hasChromium = inject('chromiumPath') !== null;
export const adminKey = inject('adminKey');
export const operatorKey = inject('operatorKey');

function pickServer(urls: string[], poolId: number): string {
  const url = urls[(poolId - 1) % urls.length];
  if (!url) throw new Error('no reference server was started for the browser tests');
  return url;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = inject('chromiumPath');
  if (!executablePath) throw new Error('no Chromium');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Errors the page raised or logged with console.error; tests assert on it where it matters. */
  pageErrors: string[];
}

export async function newSession(browser: Browser, colorScheme: 'light' | 'dark' = 'light'): Promise<Session> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, colorScheme });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

/** Signs in through the real login form and waits for the home screen. */
export async function signIn(page: Page, accessKey: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Access key').fill(accessKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect
    .poll(() => page.getByRole('link', { name: /Operator Console v0\.0\.1/ }).count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
  // §2: the splash loader after login; a click enters.
  await page.getByRole('button', { name: 'Enter the console' }).click();
  await page.getByRole('button', { name: 'Enter the console' }).waitFor({ state: 'detached' });
}

/**
 * Presses `target` as a person does, unless it has gone meanwhile: a toast and its "Dismiss all"
 * can close by themselves (their own timer) between finding them and pressing them, and a press
 * without a bound would then wait for the test's whole time. A press whose target is still there
 * (covered, say) fails.
 */
export async function pressIfStillThere(target: Locator): Promise<void> {
  try {
    await target.click({ timeout: 3000 });
  } catch (error) {
    if ((await target.count()) > 0) throw error;
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** The page runs scripts again within `withinMs`: a render loop or a hung page never lets evaluate answer. */
export async function stillAnswers(page: Page, withinMs = 5000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frozen = new Promise<'frozen'>((resolve) => (timer = setTimeout(() => resolve('frozen'), withinMs)));
  const answer = await Promise.race([page.evaluate(() => 1 + 1), frozen]);
  clearTimeout(timer);
  expect(answer, `the page answers within ${withinMs} ms`).toBe(2);
}

export type Api = (method: string, path: string, body?: unknown) => Promise<Response>;

/** A signed-in API client for the test itself (simulator control, setup), via the real REST API. */
export function apiAs(accessKey: string): Promise<Api> {
  return apiAt(baseURL, accessKey);
}

/** The same, for a server of a test file's own (at `origin`). */
export async function apiAt(origin: string, accessKey: string): Promise<Api> {
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accessKey }),
  });
  const { token } = (await login.json()) as { token: string };
  return (method, path, body) =>
    fetch(`${origin}/api${path}`, {
      method,
      headers: { 'x-api-key': token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}
