/**
 * The console's screens as the layout and accessibility browser tests visit them: every route of a
 * role (§2, §6) with a real record for the pages of one record, reached through the router.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Api } from './browser.ts';

export type Role = 'admin' | 'operator';

export interface Screen {
  /** In the screenshot's name and the report. */
  name: string;
  url: string;
  /** A heading of the screen once it is drawn (its title; a record page names the record). */
  heading: string | RegExp;
}

export interface Fixtures {
  tradeId: string;
  txId: string;
  configName: string;
  tokenName: string;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function screensOf(role: Role, f: Fixtures): Screen[] {
  const operator: Screen[] = [
    { name: 'home', url: '/', heading: 'Home' },
    { name: 'tx', url: '/tx', heading: 'Transactions' },
    { name: 'tx-latest', url: '/tx/latest', heading: 'Latest transactions' },
    { name: 'tx-trades', url: '/tx/trades', heading: 'Trades' },
    { name: 'analytics', url: '/analytics', heading: 'Analytics' },
    { name: 'timeline', url: '/timeline', heading: 'Timeline' },
    { name: 'trade', url: `/tx/trades/${encodeURIComponent(f.tradeId)}`, heading: new RegExp(`^Trade ${escaped(f.tradeId)}`) },
    { name: 'tx-page', url: `/tx?id=${encodeURIComponent(f.txId)}`, heading: new RegExp(`^Transaction ${escaped(f.txId)}`) },
    { name: 'tsettings', url: '/tsettings', heading: 'Preferences' },
    { name: 'tsettings-tokens', url: '/tsettings/tokens', heading: 'Token pins' },
  ];
  if (role === 'operator') return operator;
  return [
    ...operator,
    { name: 'tx-new', url: '/tx/new', heading: 'New transaction' },
    { name: 'settings', url: '/settings', heading: 'System settings' },
    { name: 'settings-networks', url: '/settings/networks', heading: 'Networks' },
    { name: 'settings-configs', url: '/settings/configs', heading: 'Configs' },
    { name: 'config-edit', url: `/settings/configs/${encodeURIComponent(f.configName)}`, heading: new RegExp(`^Config ${escaped(f.configName)}`) },
    { name: 'settings-tokens', url: '/settings/tokens', heading: 'Manage tokens' },
    { name: 'token-edit', url: `/settings/tokens/${encodeURIComponent(f.tokenName)}`, heading: `Edit token ${f.tokenName}` },
    { name: 'settings-userlogs', url: '/settings/userlogs', heading: 'User logs' },
    { name: 'settings-bridges', url: '/settings/bridges', heading: 'Bridges' },
    { name: 'settings-cloudgroups', url: '/settings/cloudgroups', heading: 'Cloud groups' },
    { name: 'settings-alerts', url: '/settings/alerts', heading: 'Alert delivery' },
  ];
}

/**
 * A trade, a tx and a config of the seeded server, and a token of the test's own (tokens come over
 * the socket, not a REST list); `cleanUp` deletes the token.
 */
export async function fixturesFrom(admin: Api, prefix: string): Promise<Fixtures> {
  const first = async (path: string, field: string) => {
    const body = (await (await admin('GET', path)).json()) as { data?: Record<string, unknown>[] } | Record<string, unknown>[];
    const rows = Array.isArray(body) ? body : (body.data ?? []);
    const value = rows[0]?.[field];
    expect(typeof value, `${path} has a ${field}`).toBe('string');
    return value as string;
  };
  const tokenName = `${prefix}${Date.now() % 100_000}`;
  const created = await admin('POST', '/tokens', {
    tokenName,
    networkData: { Base: { address: '0x00000000000000000000000000000000000000d8', decimals: 18 } },
  });
  expect(created.status).toBe(200);
  return {
    tradeId: await first('/trades/?perPage=1', 'tradeId'),
    txId: await first('/txs/?perPage=1', 'id'),
    configName: await first('/configs/?perPage=1', 'configName'),
    tokenName,
  };
}

export async function cleanUp(admin: Api | undefined, fixtures: Fixtures | undefined): Promise<void> {
  if (admin && fixtures?.tokenName) await admin('DELETE', `/tokens/${fixtures.tokenName}`);
}

/**
 * The screen is drawn: its heading is up (§2: no "Loading..." left), then the last paint of the
 * live data. A heading that never comes is the test's failure, named.
 */
export async function settled(page: Page, screen: Screen): Promise<void> {
  const heading = page.getByRole('heading', typeof screen.heading === 'string' ? { name: screen.heading, exact: true } : { name: screen.heading });
  await expect
    .poll(async () => (await page.getByText('Loading...', { exact: true }).count()) === 0 && (await heading.filter({ visible: true }).count()) > 0, {
      timeout: 20_000,
      message: `${screen.url}: its heading ${String(screen.heading)}`,
    })
    .toBe(true);
  await page.waitForTimeout(250);
}

/** The router goes to `url` as a link would (no reload: the toasts stay up). */
export async function routeTo(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, url);
  await page.waitForURL((u) => `${u.pathname}${u.search}` === url || u.pathname === url.split('?')[0]);
}

