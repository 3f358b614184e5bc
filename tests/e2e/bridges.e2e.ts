/**
 * Bridges and operations in Chromium against the reference server (§7): an Admin opens a
 * bridge's Solana config, imports a CSV with one bad row and sees the per-row report, finds and
 * edits an entry, edits and saves bridge automation, and edits a pending sell at /tx/new. Every
 * record made here has a unique name; bridge automation is put back as it was found.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, screenshot, signIn } from './browser.ts';

type Api = Awaited<ReturnType<typeof apiAs>>;
interface MiscSettingsResponse {
  miscSettings: { bridgeAutomation?: { enabled: boolean; bridges: string[] } };
}

/**
 * The bridges list narrowed to one bridge by its search box (the list pages 25 at a time). The search
 * is debounced: it has applied once the table lists just this bridge (its header and one row), so a
 * row of the list before it is never replaced under the pointer.
 */
async function findBridge(page: Page, bridgeName: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(bridgeName);
  const table = page.getByRole('table', { name: 'Bridges', exact: true });
  await expect.poll(() => table.getByRole('row').count(), { message: `the list narrowed to ${bridgeName}` }).toBe(2);
  const row = table.getByRole('row').filter({ hasText: bridgeName });
  await row.waitFor();
  return row;
}

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const USDC_SOL = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const BONK_SOL = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const USDC_ETH = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';

describe.skipIf(!hasChromium)('bridges and operations in Chromium against the reference server', () => {
  let browser: Browser;
  let admin: Api;
  const bridgeName = unique('e2e-portal-');
  const tokens = { usdc: unique('E2EUSDC'), bonk: unique('E2EBONK'), bad: unique('E2EBAD') };

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    const created = await admin('POST', '/bridges', { bridgeName, kind: 'Portal', networks: ['Ethereum', 'Solana'], enabled: true });
    expect(created.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    for (const token of Object.values(tokens)) await admin?.('DELETE', `/solana-bridge/${bridgeName}/${token}`);
    await admin?.('DELETE', `/bridges/${bridgeName}`);
  });

  it('§7 §9 an Admin opens a bridge’s Solana config, imports a CSV with one bad row and sees the per-row report; find and edit reach the entries', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page, pageErrors, context } = await newSession(browser, scheme);
      await signIn(page, adminKey);
      await page.goto('/settings/bridges');
      const listed = await findBridge(page, bridgeName);
      await listed.getByRole('link', { name: `Solana config of ${bridgeName}` }).click();
      await page.waitForURL((url) => url.pathname === `/settings/bridges/${bridgeName}/show`);
      const table = page.getByRole('table', { name: `Solana config of ${bridgeName}` });
      await table.waitFor();
      if (scheme === 'light') {
        await expect.poll(() => page.getByText('No entries yet: add one or import a CSV.').count()).toBe(1);
        await screenshot(page, `bridges-solana-empty-${scheme}`);
      }

      await page.getByRole('button', { name: 'Import CSV' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/show/_import'));
      const csv = [
        'token,network,address,decimals',
        `${tokens.usdc},Solana,${USDC_SOL},6`,
        `${tokens.bad},Solana,0x1234,6`,
        `${tokens.usdc},Ethereum,${USDC_ETH.toUpperCase().replace('0X', '0x')},6`,
        `${tokens.bonk},Solana,${BONK_SOL},5`,
      ].join('\n');
      await page.getByRole('textbox', { name: 'CSV' }).fill(csv);
      await expect.poll(() => page.getByText('4 data rows').count()).toBe(1);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm: import CSV' });
      await expect.poll(() => confirm.getByText(`Import 4 rows into the Solana config of ${bridgeName}?`).count()).toBe(1);
      // Hold the request at the browser so the progress of a long import can be seen.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/api/solana-bridge/${bridgeName}/import`, async (route) => {
        await held;
        await route.continue();
      });
      const imported = page.waitForResponse((r) => r.url().endsWith(`/api/solana-bridge/${bridgeName}/import`) && r.request().method() === 'POST');
      await confirm.getByRole('button', { name: 'Yes' }).click();
      const progress = page.getByRole('status', { name: 'Import progress' });
      await progress.waitFor();
      expect(await progress.textContent()).toContain(`Importing 4 rows into ${bridgeName}…`);
      expect(await progress.getByRole('progressbar').count()).toBe(1);
      expect(await page.getByRole('textbox', { name: 'CSV' }).isDisabled()).toBe(true);
      await screenshot(page, `bridges-solana-import-progress-${scheme}`);
      release();
      expect((await imported).status()).toBe(200);
      await progress.waitFor({ state: 'detached' });

      const report = page.getByRole('region', { name: 'Import report' });
      await report.waitFor();
      expect(await report.getByRole('alert').textContent()).toContain(`Imported 3 rows into 2 tokens of ${bridgeName}. 1 row was rejected`);
      const rejected = report.getByRole('table', { name: 'Rejected rows' }).getByRole('row');
      expect(await rejected.count()).toBe(2);
      const cells = await rejected.nth(1).getByRole('cell').allTextContents();
      expect(cells).toEqual(['3', `${tokens.bad},Solana,0x1234,6`, 'address: must be a base58 Solana address']);
      expect(await page.getByRole('textbox', { name: 'CSV' }).inputValue()).toBe(csv);
      await screenshot(page, `bridges-solana-import-${scheme}`);

      // Find narrows the entries on the server; the Ethereum address was lower-cased (§3).
      await page.getByRole('button', { name: 'Back to entries' }).click();
      await page.getByRole('textbox', { name: 'Find token or address' }).fill(tokens.usdc);
      const usdcOnEth = table.getByRole('row', { name: `${tokens.usdc} on Ethereum` });
      await expect.poll(() => page.getByText(/^\d+ match(es)?$/).textContent(), { timeout: 10_000 }).toBe('1 match');
      await expect.poll(() => table.getByRole('row', { name: `${tokens.bonk} on Solana` }).count()).toBe(0);
      expect(await usdcOnEth.textContent()).toContain(USDC_ETH);
      await page.getByRole('textbox', { name: 'Find token or address' }).fill('');
      await expect.poll(() => table.getByRole('row', { name: `${tokens.bonk} on Solana` }).count(), { timeout: 10_000 }).toBe(1);
      await screenshot(page, `bridges-solana-entries-${scheme}`);

      // Edit one entry: its decimals, saved with PUT .../{token} {data}.
      await page.getByRole('button', { name: `Edit ${tokens.bonk}` }).click();
      await page.getByRole('textbox', { name: 'Decimals 1' }).waitFor();
      await screenshot(page, `bridges-solana-edit-${scheme}`);
      if (scheme === 'light') {
        await page.getByRole('textbox', { name: 'Decimals 1' }).fill('7');
        const saved = page.waitForResponse((r) => r.url().endsWith(`/api/solana-bridge/${bridgeName}/${tokens.bonk}`) && r.request().method() === 'PUT');
        await page.getByRole('button', { name: 'Save' }).click();
        expect((await saved).status()).toBe(200);
        await page.waitForURL((url) => url.pathname === `/settings/bridges/${bridgeName}/show`);
        const bonkRow = table.getByRole('row', { name: `${tokens.bonk} on Solana` });
        await expect.poll(async () => (await bonkRow.count()) === 1 && (await bonkRow.getByRole('cell').nth(3).textContent()), { timeout: 10_000 }).toBe('7');
      } else {
        await page.getByRole('button', { name: 'Cancel' }).click();
      }
      expect(pageErrors).toEqual([]);
      await context.close();
    }
  });

  it('§7 an Admin edits and saves bridge automation; it survives a reload; the original is put back', async () => {
    const { page, pageErrors, context } = await newSession(browser);
    await signIn(page, adminKey);
    await page.goto('/settings/bridges');
    // Bridge automation is a folding section above the list; opened, it stays open (the preference store).
    const section = page.getByRole('button', { name: /^Bridge automation: / });
    await section.click();
    expect(await section.getAttribute('aria-expanded')).toBe('true');
    const enabled = page.getByRole('switch');
    const checkbox = page.getByRole('checkbox', { name: `Automate ${bridgeName}` });
    await checkbox.waitFor();
    // What it was, read from the screen (the live init carries it), to put back afterwards.
    const original = {
      enabled: await enabled.isChecked(),
      bridges: [] as string[],
    };
    for (const box of await page.getByRole('checkbox', { name: /^Automate / }).all()) {
      if (await box.isChecked()) original.bridges.push(((await box.getAttribute('aria-label')) ?? '').replace(/^Automate /, ''));
    }
    try {
      if (!original.enabled) await enabled.check();
      await checkbox.check();
      await screenshot(page, 'bridges-automation-light');
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/settings/automation/bridges') && r.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const response = await saved;
      expect(response.status()).toBe(200);
      const body = (await response.json()) as MiscSettingsResponse;
      expect(body.miscSettings.bridgeAutomation?.enabled).toBe(true);
      expect(body.miscSettings.bridgeAutomation?.bridges).toContain(bridgeName);
      await expect.poll(() => page.getByText(/^Saved: bridge automation is on for /).count()).toBe(1);

      await page.reload();
      await checkbox.waitFor();
      expect(await checkbox.isChecked()).toBe(true);
      expect(await page.getByRole('switch', { name: 'Bridge automation on' }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Close', exact: true }).click();
      await expect.poll(() => section.getAttribute('aria-expanded')).toBe('false');
      const row = await findBridge(page, bridgeName);
      await expect.poll(() => row.locator('td.column-automated').textContent()).toBe('yes');
      await screenshot(page, 'bridges-list-light');
      expect(pageErrors).toEqual([]);
    } finally {
      const restored = await admin('PUT', '/settings/automation/bridges', original);
      expect(restored.status).toBe(200);
      await context.close();
    }
  });

  it('§7 a bridge’s edit page leads to its Solana config (light and dark); the list and automation in dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page, pageErrors, context } = await newSession(browser, scheme);
      await signIn(page, adminKey);
      await page.goto(`/settings/bridges/${bridgeName}`);
      await page.getByRole('combobox', { name: 'Kind' }).waitFor();
      await screenshot(page, `bridges-edit-${scheme}`);
      await page.getByRole('link', { name: 'Solana config' }).click();
      await page.waitForURL((url) => url.pathname === `/settings/bridges/${bridgeName}/show`);
      if (scheme === 'dark') {
        await page.goto('/settings/bridges');
        await findBridge(page, bridgeName);
        await screenshot(page, 'bridges-list-dark');
        await page.getByRole('button', { name: /^Bridge automation: / }).click();
        await page.getByRole('checkbox', { name: `Automate ${bridgeName}` }).waitFor();
        await screenshot(page, 'bridges-automation-dark');
      }
      expect(pageErrors).toEqual([]);
      await context.close();
    }
  });

  it('§7 /tx/new?sell={tradeId}: an Admin edits a pending sell; the confirmation restates before and after; PUT /txs/sell/{tradeId}', async () => {
    const tokenName = unique('E2ESELL');
    // With the workers stopped the sell waits in the queue: running, the simulator would send it
    // within seconds, and a sell already sent cannot be edited (409).
    expect((await admin('POST', '/workers/stop')).status).toBe(200);
    expect((await admin('POST', '/tokens', { tokenName, networkData: { Base: { address: '0x00000000000000000000000000000000000000c3', decimals: 18 } } })).status).toBe(200);
    const sell = await admin('POST', '/txs/sell', { tokenName, network: 'Base', amount: 10 });
    expect(sell.status).toBe(200);
    const { tradeId } = (await sell.json()) as { tradeId: string };
    try {
      for (const scheme of ['light', 'dark'] as const) {
        const { page, pageErrors, context } = await newSession(browser, scheme);
        await signIn(page, adminKey);
        await page.goto(`/tx/new?sell=${tradeId}`);
        const form = page.getByRole('form', { name: 'Update sell form' });
        await form.waitFor();
        // The light pass saved 12.5; the dark pass starts from it.
        const from = scheme === 'light' ? '10' : '12.5';
        expect(await form.getByRole('textbox', { name: 'Amount', exact: true }).inputValue()).toBe(from);
        await form.getByRole('textbox', { name: 'Amount', exact: true }).fill('12.5');
        await screenshot(page, `txnew-edit-sell-${scheme}`);
        await form.getByRole('button', { name: 'Update sell…' }).click();
        const confirm = page.getByRole('dialog', { name: 'Confirm: Update sell' });
        await expect.poll(() => confirm.getByText(`Change sell ${tradeId} from "Sell ${from} ${tokenName} on Base" to "Sell 12.5 ${tokenName} on Base".`, { exact: false }).count()).toBe(1);
        const updated = page.waitForResponse((r) => r.url().endsWith(`/api/txs/sell/${tradeId}`) && r.request().method() === 'PUT');
        await confirm.getByRole('button', { name: 'Yes' }).click();
        expect((await updated).status()).toBe(200);
        await expect.poll(() => form.getByText(`Update sell sent (id ${tradeId}).`).count()).toBe(1);
        expect(pageErrors).toEqual([]);
        await context.close();
      }
      const stored = (await (await admin('GET', `/txs/sell/${tradeId}`)).json()) as { sell: { amount: number } };
      expect(stored.sell.amount).toBe(12.5);
    } finally {
      await admin('DELETE', `/tokens/${tokenName}`);
    }
  });
});
