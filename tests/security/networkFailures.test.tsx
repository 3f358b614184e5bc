// @vitest-environment jsdom
/**
 * Faults: API timeouts (§9 10 s), 5xx answers and dropped connections give a clear message and
 * leave what the operator typed in place. Real forms (the kit's token create view as App.tsx
 * registers it, the text input dialog) save through the real /api client against msw.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { API_TIMEOUT_MS } from '../../src/config/constants.ts';
import { createApiClient } from '../../src/dataProvider/apiFetch.ts';
import { InputDialog } from '../../src/ui/dialogs/InputDialog.tsx';
import { expectLoggedErrors } from '../resources/harness.tsx';
import { liveInit, renderKit, resetKit } from '../resources/kitHarness.tsx';

const ORIGIN = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const api = createApiClient({ getToken: async () => 'tok.en.jwt', getOrigin: async () => ORIGIN });
const { apiFetch } = api;

/** The kit's create view of Manage tokens (the live tokens have arrived). */
async function openNewToken() {
  await liveInit({ allTokens: {} });
  renderKit('/settings/tokens/create', { api });
  await screen.findByRole('textbox', { name: 'Token name' });
}
/** A save that went through leaves the form for the tokens list. */
const listShown = () => screen.queryByRole('table', { name: 'Tokens' }) ?? screen.queryByText('No tokens match.');

const ADDRESS = '0x82af49447d8a07e3bd95bd0d56f35241523fbab1';

type Failure = [what: string, handler: () => Response | Promise<Response>, message: RegExp];

/** What the server (or the network) does to the save, and what the operator must read. */
const FAILURES: Failure[] = [
  ['a 500 with a JSON error', () => HttpResponse.json({ error: 'database is locked' }, { status: 500 }), /database is locked/],
  ['a 502 from a proxy with an HTML body', () => new HttpResponse('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }), /HTTP 502 Bad Gateway/],
  ['a 503 without a body', () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' }), /HTTP 503 Service Unavailable/],
  ['a dropped connection', () => HttpResponse.error(), /network error/],
];

async function fillNewToken(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Token name' }), 'WETH');
  await user.click(screen.getByRole('combobox', { name: 'Network 1' }));
  await user.click(screen.getByRole('option', { name: 'Arbitrum' }));
  await user.type(screen.getByRole('textbox', { name: 'Address 1' }), ADDRESS);
  await user.clear(screen.getByRole('textbox', { name: 'Decimals 1' }));
  await user.type(screen.getByRole('textbox', { name: 'Decimals 1' }), '18');
}

function expectTypedTokenKept() {
  expect(screen.getByRole('textbox', { name: 'Token name' })).toHaveValue('WETH');
  expect(screen.getByRole('combobox', { name: 'Network 1' })).toHaveTextContent('Arbitrum');
  expect(screen.getByRole('textbox', { name: 'Address 1' })).toHaveValue(ADDRESS);
  expect(screen.getByRole('textbox', { name: 'Decimals 1' })).toHaveValue('18');
}

describe('§8 a failed save keeps the form (token form, real /api client)', () => {
  beforeEach(() => {
    expectLoggedErrors(); // §8 every API failure is logged to the console
  });
  afterEach(resetKit);

  it.each(FAILURES)('§8 %s: the form says why, keeps every typed value, and saves on retry', async (_what, fail, message) => {
    let calls = 0;
    const saved: unknown[] = [];
    server.use(
      http.post(`${ORIGIN}/api/tokens`, async ({ request }) => {
        calls += 1;
        if (calls === 1) return fail();
        const body = await request.json();
        saved.push(body);
        return HttpResponse.json({ ...(body as object), version: 1 });
      }),
    );
    const user = userEvent.setup();
    await openNewToken();
    await fillNewToken(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText(message).closest('[role="alert"]')).toHaveTextContent(/^Save failed: /);
    expectTypedTokenKept();
    expect(listShown()).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    // Nothing was lost: the same values go out again when the server is back.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(listShown()).not.toBeNull(), { timeout: 8000 });
    expect(saved).toEqual([{ tokenName: 'WETH', networkData: { Arbitrum: { address: ADDRESS, decimals: 18 } } }]);
  });
});

describe('§9 the 10 s API timeout on a save (fake timers)', () => {
  beforeEach(() => {
    expectLoggedErrors();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await resetKit();
  });

  it('§9 a server that never answers: after exactly 10 s the form says so and keeps every typed value', async () => {
    server.use(http.post(`${ORIGIN}/api/tokens`, async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }));
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await openNewToken();
    await fillNewToken(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // While waiting, Save is disabled so the same token is not sent twice.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 100);
    });
    expect(screen.queryByText(/timed out/)).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(await screen.findByText(/request timed out after 10 s/)).toBeInTheDocument();
    expectTypedTokenKept();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(listShown()).toBeNull();
  });
});

describe('§5 the text input dialog keeps the typed value when its save fails', () => {
  beforeEach(() => {
    expectLoggedErrors();
  });

  it.each(FAILURES)('§5 %s: the reason shows under the field, the value stays, the dialog stays open', async (_what, fail, message) => {
    server.use(http.post(`${ORIGIN}/api/command`, fail));
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <InputDialog
        open
        title="Send command"
        label="Command"
        initialValue=""
        onSave={async (cmd) => {
          await apiFetch('/command', { method: 'POST', body: { to: 'worker', cmd } });
        }}
        onClose={onClose}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Command' }), 'saveStats');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Command' })).toHaveValue('saveStats');
    expect(screen.getByRole('dialog', { name: 'Send command' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
