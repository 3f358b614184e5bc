/**
 * §2/§5/§7: the single text input dialog in use. A service other than the worker takes a command in
 * the operator's own words (POST /command {to, cmd}): its restart dialog's "Send command…" opens
 * the text input dialog. Pressed in Chromium against the reference server with Playwright's
 * click(): Save stays disabled until the value changed and the caller's rule accepts it, a refusal
 * (409) keeps the dialog and what was typed with the server's reason, and an accepted command
 * reaches the server as typed (trimmed), is in the user log and is said to the operator.
 */
import type { Browser, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, apiAs, baseURL, hasChromium, launchBrowser, newSession, operatorKey, screenshot, signIn, type Api, type Session, stillAnswers } from './browser.ts';

const isCommand = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/command';

async function commandLogs(admin: Api): Promise<{ total: number; data: { user: string; details?: unknown }[] }> {
  const res = await admin('POST', '/logs/more', { action: 'command', limit: 1 });
  expect(res.status).toBe(200);
  return (await res.json()) as { total: number; data: { user: string; details?: unknown }[] };
}

describe.skipIf(!hasChromium)('§2/§5 text input dialog, Send command to a service (§7 POST /command)', () => {
  let browser: Browser;
  let admin: Api;
  let session: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    session = await newSession(browser);
  });

  afterAll(async () => {
    await admin?.('POST', '/sim/control', { action: 'refuse', method: 'POST', path: '/api/command', status: 409, error: 'withdrawn', times: 0 });
    await browser?.close();
  });

  it('Save is disabled until a changed, valid command is typed; a 409 keeps the dialog and the text with the reason; then the command is sent, logged and said', async () => {
    const { page, pageErrors } = session;
    // signIn polls, which only a test may.
    await signIn(page, operatorKey);
    const sent: unknown[] = [];
    page.on('request', (r) => {
      if (isCommand(r)) sent.push(r.postDataJSON());
    });

    await page.getByRole('region', { name: 'Service status' }).getByRole('button', { name: /^Restart brain service \(/ }).click();
    const restart = page.getByRole('dialog', { name: 'Restart brain', exact: true });
    await restart.waitFor();
    await screenshot(page, 'service-restart-dialog');
    await restart.getByRole('button', { name: 'Send command…', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a command to brain', exact: true });
    const input = dialog.getByRole('textbox', { name: 'Command', exact: true });
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    // The restart dialog gave its place: one dialog on screen.
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);

    // Unchanged (nothing typed): Save is disabled.
    expect(await save.isDisabled()).toBe(true);
    // The caller's rule: spaces only, or past 64 characters, is said under the field and not sendable.
    await input.fill('   ');
    await dialog.getByText('A command is more than spaces', { exact: true }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await input.fill('x'.repeat(65));
    await dialog.getByText('A command has at most 64 characters', { exact: true }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    // Typed and then taken back to the start: no change, nothing to save.
    await input.fill('');
    expect(await save.isDisabled()).toBe(true);
    expect(sent).toEqual([]);

    // Refused by the server (the simulator's refusal: the real route answers 409, nothing is mocked).
    const reason = 'another operator’s request for it is still running';
    expect((await admin('POST', '/sim/control', { action: 'refuse', method: 'POST', path: '/api/command', status: 409, error: reason, times: 1 })).status).toBe(200);
    const logsBefore = (await commandLogs(admin)).total;
    await input.fill('  flush cache  ');
    const refused = page.waitForResponse((r: Response) => isCommand(r.request()));
    await save.click();
    expect((await refused).status()).toBe(409);
    await dialog.getByText(`Send command failed: ${reason}`, { exact: true }).waitFor({ timeout: 10_000 });
    expect(await input.inputValue()).toBe('  flush cache  ');
    expect(await dialog.isVisible()).toBe(true);
    expect((await commandLogs(admin)).total, 'a refused command writes no user log').toBe(logsBefore);
    await screenshot(page, 'service-command-refused');
    await stillAnswers(page);

    // Accepted: pressed again, the request as typed (trimmed), the user log, what the operator sees.
    const answered = page.waitForResponse((r: Response) => isCommand(r.request()));
    await save.click();
    expect((await answered).status()).toBe(200);
    expect(sent).toEqual([
      { to: 'brain', cmd: 'flush cache' },
      { to: 'brain', cmd: 'flush cache' },
    ]);
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByText('Command sent to brain', { exact: true }).waitFor({ timeout: 10_000 });
    // Every console is told who sent what, in the sender's words, marked as a user's text.
    await page.getByText('operator sent this command to brain (their own words): flush cache', { exact: true }).first().waitFor({ timeout: 10_000 });
    const after = await commandLogs(admin);
    expect(after.total).toBe(logsBefore + 1);
    expect(after.data[0]).toMatchObject({ user: 'operator', details: { to: 'brain', cmd: 'flush cache' } });
    await screenshot(page, 'service-command-sent');
    await stillAnswers(page);
    expect(pageErrors).toEqual([]);
  });

  it('opened again, the dialog starts empty with Save disabled', async () => {
    const { page } = session;
    await page.getByRole('region', { name: 'Service status' }).getByRole('button', { name: /^Restart eventer service \(/ }).click();
    await page.getByRole('dialog', { name: 'Restart eventer', exact: true }).getByRole('button', { name: 'Send command…', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a command to eventer', exact: true });
    expect(await dialog.getByRole('textbox', { name: 'Command', exact: true }).inputValue()).toBe('');
    expect(await dialog.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'service-command-open');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await stillAnswers(page);
  });

  it('§2/§5 the worker (fixed commands) offers them in the single select dialog: the empty choice first, Save only once one is chosen; a 503 keeps the choice with the reason; then it is sent', async () => {
    const { page } = session;
    const sent: unknown[] = [];
    page.on('request', (r) => {
      if (isCommand(r)) sent.push(r.postDataJSON());
    });
    await page.getByRole('region', { name: 'Service status' }).getByRole('button', { name: /^Restart worker service \(/ }).click();
    await page.getByRole('dialog', { name: 'Restart worker', exact: true }).getByRole('button', { name: 'Send command…', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a command to worker', exact: true });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Command' }).click();
    const options = page.getByRole('listbox').getByRole('option');
    expect(await options.allTextContents()).toEqual(['(none)', 'Save stats', 'New analytics file', 'Save stats, second set', 'New analytics file, second set', 'Request new worker', 'Restart Jupiter']);
    await options.filter({ hasText: /^Save stats$/ }).click();
    await expect.poll(() => save.isDisabled()).toBe(false);
    await screenshot(page, 'service-command-worker');

    const reason = 'the worker is restarting';
    expect((await admin('POST', '/sim/control', { action: 'refuse', method: 'POST', path: '/api/command', status: 503, error: reason, times: 1 })).status).toBe(200);
    const refused = page.waitForResponse((r: Response) => isCommand(r.request()));
    await save.click();
    expect((await refused).status()).toBe(503);
    await dialog.getByText(`Send command failed: ${reason}`, { exact: true }).waitFor({ timeout: 10_000 });
    expect(await dialog.getByRole('combobox', { name: 'Command' }).textContent()).toBe('Save stats');
    await stillAnswers(page);

    const answered = page.waitForResponse((r: Response) => isCommand(r.request()));
    await save.click();
    expect((await answered).status()).toBe(200);
    expect(sent).toEqual([
      { to: 'worker', cmd: 'saveStats' },
      { to: 'worker', cmd: 'saveStats' },
    ]);
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByText('Command sent to worker', { exact: true }).waitFor({ timeout: 10_000 });
    await stillAnswers(page);
  });

  it('on a phone (360 px) the restart dialog keeps all four buttons inside it', async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await signIn(page, operatorKey);
    await page.getByRole('region', { name: 'Service status' }).getByRole('button', { name: /^Restart noder service \(/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Restart noder', exact: true });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    if (!box) throw new Error('the dialog has no box');
    for (const name of ['Send command…', 'Cancel', 'Scaling restart', 'Restart']) {
      const button = await dialog.getByRole('button', { name, exact: true }).boundingBox();
      if (!button) throw new Error(`${name} has no box`);
      expect([name, button.x >= box.x && button.x + button.width <= box.x + box.width + 0.5]).toEqual([name, true]);
    }
    await screenshot(page, 'service-restart-dialog-phone');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await context.close();
  });
});
