/**
 * /tx/new speaks to people (§7), in Chromium against the reference server: what the console
 * can know is said beside the field before any request leaves, a valid operation is confirmed and
 * sent as typed, and the server's own 400 is said beside its field. Screens with the messages are
 * shot in both themes (SCREENSHOTS=dir) and checked by axe-core, the error colours included.
 */
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, screenshot, signIn, type Api, type Session } from './browser.ts';
import { loadAxe } from './axe.ts';

/** axe's violations on the page as it is now, by rule id and the first targets. */
async function axeViolations(page: Page): Promise<{ id: string; targets: string[] }[]> {
  await loadAxe(page);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, { rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
}

const VALID_ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';

async function choose(scope: Locator, page: Page, name: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** What is said beside a field: the text of its aria-describedby, and whether it is marked invalid. */
async function saidBeside(field: Locator): Promise<{ description: string; invalid: string | null }> {
  return field.evaluate((element) => ({
    description: (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
    invalid: element.getAttribute('aria-invalid'),
  }));
}

describe.skipIf(!hasChromium)('§7 /tx/new speaks to people, in Chromium against the reference server', () => {
  let browser: Browser;
  let admin: Api;
  const sessions: Session[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    // The simulator quiet: axe reads the whole page, toasts included, and none of them is then a
    // notice or a failure of the simulator's own (the Manual tx sent here completes).
    expect((await admin('POST', '/sim/control', { action: 'quiet', quiet: true })).status).toBe(200);
  });
  afterAll(async () => {
    await admin?.('POST', '/sim/control', { action: 'quiet', quiet: false });
    for (const { context } of sessions) await context.close();
    await browser?.close();
  });

  /** A signed-in page at /tx/new, and the calls it makes to an endpoint from then on. */
  const openTxNew = async (scheme: 'light' | 'dark'): Promise<Session & { operationCalls: (path: string) => Request[] }> => {
    const session = await newSession(browser, scheme);
    sessions.push(session);
    const calls: Request[] = [];
    session.page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/txs/')) calls.push(request);
    });
    await signIn(session.page, adminKey);
    await session.page.goto('/tx/new');
    await session.page.getByRole('form', { name: 'Sell form' }).waitFor();
    return { ...session, operationCalls: (path) => calls.filter((r) => new URL(r.url()).pathname === path) };
  };

  for (const scheme of ['light', 'dark'] as const) {
    it(`§7 /tx/new Sell: the token list follows the network, and each problem is said beside its field before any request (${scheme})`, async () => {
      const { page, pageErrors, operationCalls } = await openTxNew(scheme);
      const sell = page.getByRole('form', { name: 'Sell form', exact: true });
      await choose(sell, page, 'Token', 'USDC');
      await choose(sell, page, 'Network', 'TON');
      // No seeded token has a TON entry: the list offers none, and says so.
      await sell.getByRole('combobox', { name: 'Token', exact: true }).click();
      // USDC stays listed because it is chosen (nothing typed is lost); the rule says why it cannot stay.
      expect(await page.getByRole('option').allTextContents()).toEqual(['USDC', 'No token is deployed on TON']);
      expect(await page.getByRole('option', { name: 'No token is deployed on TON' }).getAttribute('aria-disabled')).toBe('true');
      await page.keyboard.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await sell.getByRole('textbox', { name: 'Slippage (bps) (optional)', exact: true }).fill('10001');
      await sell.getByRole('button', { name: 'Sell…', exact: true }).click();
      await expect
        .poll(() => saidBeside(sell.getByRole('textbox', { name: 'Amount', exact: true })))
        .toEqual({ description: 'Enter an amount greater than 0', invalid: 'true' });
      expect(await saidBeside(sell.getByRole('combobox', { name: 'Token', exact: true }))).toEqual({ description: 'USDC is not deployed on TON', invalid: 'true' });
      expect(await saidBeside(sell.getByRole('textbox', { name: 'Slippage (bps) (optional)', exact: true }))).toEqual({
        description: 'Slippage must be at most 10000',
        invalid: 'true',
      });
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(operationCalls('/api/txs/sell')).toEqual([]);
      await screenshot(page, `txnew-sell-errors-${scheme}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    });

    it(`§7 /tx/new Force: buy and sell networks must differ, said next to the field before any request (${scheme})`, async () => {
      const { page, pageErrors, operationCalls } = await openTxNew(scheme);
      await page.getByRole('tab', { name: 'Force', exact: true }).click();
      const force = page.getByRole('form', { name: 'Force form', exact: true });
      await choose(force, page, 'Buy on', 'Base');
      await choose(force, page, 'Sell on', 'Base');
      await choose(force, page, 'Token', 'USDC');
      await force.getByRole('textbox', { name: 'Amount', exact: true }).fill('100');
      await force.getByRole('button', { name: 'Force…', exact: true }).click();
      const sellOn = force.getByRole('combobox', { name: 'Sell on', exact: true });
      await expect.poll(() => saidBeside(sellOn)).toEqual({ description: 'Buy and sell networks must differ', invalid: 'true' });
      expect(await saidBeside(force.getByRole('combobox', { name: 'Bridge', exact: true }))).toEqual({ description: 'Choose a bridge', invalid: 'true' });
      expect(await force.textContent()).not.toMatch(/networkBuy|networkSell|Invalid input|expected/);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(operationCalls('/api/txs/force')).toEqual([]);
      await screenshot(page, `txnew-force-errors-${scheme}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    });

    it(`§7 /tx/new Refund: the fields say one of Trade id and Tx id is needed, not both; neither is said beside both before any request (${scheme})`, async () => {
      const { page, pageErrors, operationCalls } = await openTxNew(scheme);
      await page.getByRole('tab', { name: 'Refund', exact: true }).click();
      const refund = page.getByRole('form', { name: 'Refund form', exact: true });
      const tradeId = refund.getByRole('textbox', { name: 'Trade id (or a Tx id)', exact: true });
      const txId = refund.getByRole('textbox', { name: 'Tx id (or a Trade id)', exact: true });
      expect(await saidBeside(tradeId)).toEqual({ description: 'This or a Tx id, not both', invalid: 'false' });
      expect(await saidBeside(txId)).toEqual({ description: 'This or a Trade id, not both', invalid: 'false' });
      await refund.getByRole('textbox', { name: 'Reason (optional)', exact: true }).fill('stuck on the bridge');
      await refund.getByRole('button', { name: 'Refund…', exact: true }).click();
      await expect.poll(() => saidBeside(tradeId)).toEqual({ description: 'Enter a trade id or a tx id', invalid: 'true' });
      expect(await saidBeside(txId)).toEqual({ description: 'Enter a trade id or a tx id', invalid: 'true' });
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(operationCalls('/api/txs/refund')).toEqual([]);
      await screenshot(page, `txnew-refund-errors-${scheme}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    });

    it(`§7 /tx/new Manual: a bad address is said with the form it must have; a valid one is confirmed, sent as typed and toasted (${scheme})`, async () => {
      const { page, pageErrors, operationCalls } = await openTxNew(scheme);
      await page.getByRole('tab', { name: 'Manual', exact: true }).click();
      const manual = page.getByRole('form', { name: 'Manual form', exact: true });
      await choose(manual, page, 'Network', 'Base');
      await choose(manual, page, 'Type', 'TransferNative');
      await manual.getByRole('textbox', { name: 'Token (or native coin)', exact: true }).fill('ETH');
      await manual.getByRole('textbox', { name: 'Amount', exact: true }).fill('0.01');
      const to = manual.getByRole('textbox', { name: 'To address (optional)', exact: true });
      await to.fill('0x12345');
      await manual.getByRole('button', { name: 'Manual…', exact: true }).click();
      await expect.poll(() => saidBeside(to)).toEqual({ description: 'The address must be 0x followed by 40 hex digits', invalid: 'true' });
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(operationCalls('/api/txs/manual')).toEqual([]);
      await screenshot(page, `txnew-manual-address-${scheme}`);
      expect(await axeViolations(page)).toEqual([]);

      await to.fill(VALID_ADDRESS);
      expect((await saidBeside(to)).invalid).not.toBe('true');
      await manual.getByRole('button', { name: 'Manual…', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm: Manual', exact: true });
      await expect
        .poll(() => confirm.textContent())
        .toContain(`Send a TransferNative of 0.01 ETH on Base to ${VALID_ADDRESS} from the system wallet.`);
      const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/txs/manual');
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/txs/manual');
      await confirm.getByRole('button', { name: 'Yes', exact: true }).click();
      const request = await sent;
      expect(request.method()).toBe('POST');
      expect(request.postDataJSON()).toEqual({ network: 'Base', txType: 'TransferNative', tokenName: 'ETH', amount: 0.01, to: VALID_ADDRESS });
      const response = await answered;
      expect(response.status()).toBe(200);
      const { id } = (await response.json()) as { id: string };
      const toast = page.getByTitle('Click to close', { exact: true }).filter({ hasText: `Manual sent (id ${id}).` });
      await expect.poll(() => toast.count(), { timeout: 10_000 }).toBe(1);
      expect(operationCalls('/api/txs/manual')).toHaveLength(1);
      expect(pageErrors).toEqual([]);
    });

    it(`§7 /tx/new Unlock nonce: the server's 400 (a network without nonces) is said beside Network in its words, values kept (${scheme})`, async () => {
      const { page, pageErrors } = await openTxNew(scheme);
      await page.getByRole('tab', { name: 'Unlock nonce', exact: true }).click();
      const unlock = page.getByRole('form', { name: 'Unlock nonce form', exact: true });
      await choose(unlock, page, 'Network', 'Solana');
      await unlock.getByRole('textbox', { name: 'Nonce', exact: true }).fill('3');
      await unlock.getByRole('button', { name: 'Unlock nonce…', exact: true }).click();
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/txs/unlock-nonce');
      await page.getByRole('dialog', { name: 'Confirm: Unlock nonce', exact: true }).getByRole('button', { name: 'Yes', exact: true }).click();
      expect((await answered).status()).toBe(400);
      const network = unlock.getByRole('combobox', { name: 'Network', exact: true });
      await expect.poll(() => saidBeside(network)).toEqual({ description: 'Solana accounts have no nonces', invalid: 'true' });
      expect(await unlock.getByRole('alert').textContent()).toBe('Unlock nonce failed: see the fields marked above');
      expect(await network.textContent()).toBe('Solana');
      expect(await unlock.getByRole('textbox', { name: 'Nonce', exact: true }).inputValue()).toBe('3');
      await screenshot(page, `txnew-unlock-server-400-${scheme}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  }
});
