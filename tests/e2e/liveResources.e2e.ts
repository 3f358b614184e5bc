/**
 * Resources as configuration, in Chromium against the reference server: an edit view knows when
 * someone else changed or deleted its record (react-admin's realtime API fed by the socket), the
 * menu counts changes on a resource not in view, and a record has a URL of its own.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, signIn, type Session, stillAnswers } from './browser.ts';

type Api = Awaited<ReturnType<typeof apiAs>>;

function eventually<T>(read: () => Promise<T> | T, message?: string) {
  return expect.poll(read, { timeout: 15_000, message });
}

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADDRESS = '0x00000000000000000000000000000000000000c3';

async function createToken(api: Api, tokenName: string): Promise<{ version: number }> {
  const res = await api('POST', '/tokens', { tokenName, networkData: { Ethereum: { address: ADDRESS, decimals: 18 } } });
  expect(res.status).toBe(200);
  return (await res.json()) as { version: number };
}

/** Opens a token's edit view by its URL, as a bookmark or a shared link would. */
async function openEdit(page: Page, tokenName: string): Promise<void> {
  await page.goto(`/settings/tokens/${tokenName}`);
  await eventually(() => page.getByRole('textbox', { name: 'Token name' }).inputValue()).toBe(tokenName);
}

describe.skipIf(!hasChromium)('§4 §7 live resources: edits that know about each other, unseen changes, deep links', () => {
  let browser: Browser;
  let admin: Api;
  const sessions: Session[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
  });
  afterAll(async () => {
    for (const s of sessions) await s.context.close();
    await browser?.close();
  });

  async function adminConsole(): Promise<Session> {
    const session = await newSession(browser);
    sessions.push(session);
    await signIn(session.page, adminKey);
    return session;
  }

  it('§7 a deep link opens the token edit view; /settings/tokens/create opens the create view', async () => {
    const tokenName = unique('E2EDEEP');
    await createToken(admin, tokenName);
    const a = await adminConsole();
    await openEdit(a.page, tokenName);
    expect(await a.page.getByRole('textbox', { name: 'Address 1' }).inputValue()).toBe(ADDRESS);
    expect(await a.page.getByRole('heading', { level: 1 }).textContent()).toBe(`Edit token ${tokenName}`);

    await a.page.goto('/settings/tokens/create');
    await a.page.getByRole('heading', { level: 1, name: 'New token' }).waitFor();
    expect(await a.page.getByRole('textbox', { name: 'Token name' }).inputValue()).toBe('');
    await stillAnswers(a.page);
    expect(a.pageErrors).toEqual([]);
    expect((await admin('DELETE', `/tokens/${tokenName}`)).status).toBe(200);
  });

  it('§4 an admin saves a token while a second console edits it: the second says "This record was changed by someone else"; Reload takes theirs; a delete says "This record was deleted by someone else" and Save is disabled', async () => {
    const tokenName = unique('E2EWATCH');
    await createToken(admin, tokenName);
    const a = await adminConsole();
    const b = await adminConsole();
    await openEdit(a.page, tokenName);
    await openEdit(b.page, tokenName);
    await b.page.getByRole('textbox', { name: 'Address 1' }).fill('0x00000000000000000000000000000000000000d4');

    // Console A saves through its form.
    await a.page.getByRole('textbox', { name: 'Decimals 1' }).fill('7');
    const saved = a.page.waitForResponse((r) => r.url().includes(`/api/tokens/${tokenName}`) && r.request().method() === 'PUT');
    await a.page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    // A's own save is not someone else's: A goes back to the list without the warning.
    await a.page.waitForURL((url) => url.pathname === '/settings/tokens');
    expect(await a.page.getByText('This record was changed by someone else').count()).toBe(0);

    const changed = b.page.getByRole('alert').filter({ hasText: 'This record was changed by someone else' });
    await changed.waitFor();
    // B's typing is still there until B chooses.
    expect(await b.page.getByRole('textbox', { name: 'Address 1' }).inputValue()).toBe('0x00000000000000000000000000000000000000d4');
    await changed.getByRole('button', { name: 'Reload' }).click();
    await eventually(() => b.page.getByRole('textbox', { name: 'Decimals 1' }).inputValue()).toBe('7');
    expect(await b.page.getByRole('textbox', { name: 'Address 1' }).inputValue()).toBe(ADDRESS);
    await changed.waitFor({ state: 'detached' });

    // Keep editing: a later change warns again, and B's save then meets the 409 flow.
    const again = await admin('PUT', `/tokens/${tokenName}`, {
      tokenName,
      version: 2,
      networkData: { Ethereum: { address: ADDRESS, decimals: 9 } },
    });
    expect(again.status).toBe(200);
    await changed.waitFor();
    await changed.getByRole('button', { name: 'Keep editing' }).click();
    await changed.waitFor({ state: 'detached' });
    const refused = b.page.waitForResponse((r) => r.url().includes(`/api/tokens/${tokenName}`) && r.request().method() === 'PUT');
    await b.page.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(409);
    const conflict = b.page.getByRole('dialog', { name: `Token ${tokenName} was changed by someone else` });
    await conflict.waitFor();
    await conflict.getByRole('button', { name: 'Cancel' }).click();

    // Deleted by someone else: said, and the form can no longer be saved.
    expect((await admin('DELETE', `/tokens/${tokenName}`)).status).toBe(200);
    await b.page.getByRole('alert').filter({ hasText: 'This record was deleted by someone else' }).waitFor();
    expect(await b.page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await stillAnswers(b.page);
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });

  it('§4 the menu counts changes on a resource not in view in its accessible name, and opening it clears the count', async () => {
    const a = await adminConsole();
    await a.page.goto('/settings/configs');
    const menu = a.page.getByRole('navigation').or(a.page.locator('body'));
    await menu.getByRole('menuitem', { name: 'Manage tokens', exact: true }).waitFor();
    // Live: the socket's init has come (it is the first event), so the tokens made next are changes
    // after it, not records it already lists.
    await a.page.getByLabel(/^Server connection Live,/).waitFor();
    const names = [unique('E2EBADGEA'), unique('E2EBADGEB')];
    for (const name of names) await createToken(admin, name);
    const badged = menu.getByRole('menuitem', { name: 'Manage tokens, 2 new changes', exact: true });
    await badged.waitFor();
    await badged.click();
    await a.page.waitForURL((url) => url.pathname === '/settings/tokens');
    await menu.getByRole('menuitem', { name: 'Manage tokens', exact: true }).waitFor();
    expect(await menu.getByRole('menuitem', { name: /^Manage tokens, / }).count()).toBe(0);
    // Token pins lists the same records and is not in view: it still counts them.
    expect(await menu.getByRole('menuitem', { name: 'Token pins, 2 new changes', exact: true }).count()).toBe(1);
    await stillAnswers(a.page);
    expect(a.pageErrors).toEqual([]);
    for (const name of names) expect((await admin('DELETE', `/tokens/${name}`)).status).toBe(200);
  });

  it('§8 a kit Save the server refuses (503) says why beside the form and keeps what was typed; a refused Delete (409) says why and keeps the row; both go through afterwards', async () => {
    const tokenName = unique('E2EREFUSE');
    await createToken(admin, tokenName);
    const a = await adminConsole();
    await openEdit(a.page, tokenName);
    await a.page.getByRole('textbox', { name: 'Decimals 1' }).fill('5');

    const refuse = (method: string, status: number, error: string) =>
      admin('POST', '/sim/control', { action: 'refuse', method, path: `/api/tokens/${tokenName}`, status, error, times: 1 });
    expect((await refuse('PUT', 503, 'token store unavailable')).status).toBe(200);
    const refused = a.page.waitForResponse((r) => r.url().includes(`/api/tokens/${tokenName}`) && r.request().method() === 'PUT');
    await a.page.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(503);
    await a.page.getByRole('alert').filter({ hasText: 'Save failed: token store unavailable' }).waitFor();
    expect(await a.page.getByRole('textbox', { name: 'Decimals 1' }).inputValue()).toBe('5');
    expect(new URL(a.page.url()).pathname).toBe(`/settings/tokens/${tokenName}`);
    await stillAnswers(a.page);

    const saved = a.page.waitForResponse((r) => r.url().includes(`/api/tokens/${tokenName}`) && r.request().method() === 'PUT');
    await a.page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    expect(JSON.parse((await saved).request().postData() ?? '{}')).toMatchObject({ tokenName, version: 1, networkData: { Ethereum: { address: ADDRESS, decimals: 5 } } });
    await a.page.waitForURL((url) => url.pathname === '/settings/tokens');

    // Delete, refused with a 409: the reason is said and the token stays listed.
    await a.page.getByRole('textbox', { name: 'Search' }).fill(tokenName);
    const rows = a.page.getByRole('table', { name: 'Tokens' }).getByRole('row');
    const row = rows.filter({ hasText: tokenName });
    // The search has applied: the header and this token's row are all that is listed.
    await eventually(() => rows.count()).toBe(2);
    expect((await refuse('DELETE', 409, 'token is being traded')).status).toBe(200);
    await row.getByRole('button', { name: `Delete ${tokenName}` }).click();
    const confirm = a.page.getByRole('dialog', { name: 'Delete token' });
    const refusedDelete = a.page.waitForResponse((r) => r.url().includes(`/api/tokens/${tokenName}`) && r.request().method() === 'DELETE');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    expect((await refusedDelete).status()).toBe(409);
    await a.page.getByText(`Delete of ${tokenName} failed: token is being traded`).waitFor();
    // The closing dialog hides the page from the accessibility tree until it has gone.
    await confirm.waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);
    await stillAnswers(a.page);

    await row.getByRole('button', { name: `Delete ${tokenName}` }).click();
    const deleted = a.page.waitForResponse((r) => r.url().includes(`/api/tokens/${tokenName}`) && r.request().method() === 'DELETE');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    expect((await deleted).status()).toBe(200);
    await eventually(() => row.count()).toBe(0);
    await stillAnswers(a.page);
    expect(a.pageErrors).toEqual([]);
  });
  it('§2 §7 an Admin selects two tokens and deletes them together: one Yes/No naming both, a DELETE each; the one refused (409, then 503) stays listed and selected, with its reason; then it goes', async () => {
    const prefix = unique('E2EBULK');
    const [first, second] = [`${prefix}A`, `${prefix}B`];
    await createToken(admin, first);
    await createToken(admin, second);
    const a = await adminConsole();
    await a.page.goto('/settings/tokens');
    await a.page.getByRole('textbox', { name: 'Search' }).fill(prefix);
    const rows = a.page.getByRole('table', { name: 'Tokens' }).getByRole('row');
    // The search has applied: the header and the two tokens' rows are all that is listed.
    await eventually(() => rows.count()).toBe(3);
    const box = (name: string) => rows.filter({ hasText: name }).getByRole('checkbox', { name: 'Select this row' });
    await box(first).check();
    await box(second).check();

    const refuse = await admin('POST', '/sim/control', { action: 'refuse', method: 'DELETE', path: `/api/tokens/${second}`, status: 409, error: 'token is being traded', times: 1 });
    expect(refuse.status).toBe(200);
    const answered: [string, number][] = [];
    a.page.on('response', (r) => {
      if (r.request().method() === 'DELETE') answered.push([new URL(r.url()).pathname, r.status()]);
    });
    await a.page.getByRole('button', { name: 'Delete 2 tokens' }).click();
    const confirm = a.page.getByRole('dialog', { name: 'Delete 2 tokens' });
    expect(await confirm.textContent()).toContain(`Delete 2 tokens: ${first}, ${second}?`);
    expect(answered).toEqual([]);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await a.page.getByText(`Deleted 1 of 2 tokens; refused: ${second}: token is being traded`).waitFor();
    expect(answered).toEqual([
      [`/api/tokens/${first}`, 200],
      [`/api/tokens/${second}`, 409],
    ]);
    await confirm.waitFor({ state: 'detached' });
    // The deleted token leaves the list (the server's tokenDeleteDone); the refused one stays, still selected.
    await eventually(() => rows.count()).toBe(2);
    expect(await rows.filter({ hasText: first }).count()).toBe(0);
    expect(await box(second).isChecked()).toBe(true);
    await stillAnswers(a.page);

    // Tried again, the server fails (503): said with its reason, the token stays listed and selected.
    const unavailable = await admin('POST', '/sim/control', { action: 'refuse', method: 'DELETE', path: `/api/tokens/${second}`, status: 503, error: 'token store unavailable', times: 1 });
    expect(unavailable.status).toBe(200);
    await a.page.getByRole('button', { name: 'Delete 1 token' }).click();
    await a.page.getByRole('dialog', { name: 'Delete 1 token' }).getByRole('button', { name: 'Yes' }).click();
    await a.page.getByText(`Deleted 0 of 1 token; refused: ${second}: token store unavailable`).waitFor();
    expect(answered.slice(2)).toEqual([[`/api/tokens/${second}`, 503]]);
    await a.page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await box(second).isChecked()).toBe(true);
    await stillAnswers(a.page);

    // Then accepted: deleted, the list is empty of them and nothing stays selected.
    await a.page.getByRole('button', { name: 'Delete 1 token' }).click();
    await a.page.getByRole('dialog', { name: 'Delete 1 token' }).getByRole('button', { name: 'Yes' }).click();
    await a.page.getByText('Deleted 1 token', { exact: true }).waitFor();
    expect(answered.slice(3)).toEqual([[`/api/tokens/${second}`, 200]]);
    // Nothing matches the search any more: the list says so instead of a table.
    await a.page.getByText('No tokens match.').waitFor();
    expect(await a.page.getByRole('button', { name: /^Delete \d+ tokens?$/ }).count()).toBe(0);
    await stillAnswers(a.page);
    expect(a.pageErrors).toEqual([]);
  });
});
