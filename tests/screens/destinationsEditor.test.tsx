// @vitest-environment jsdom
/**
 * The alert destinations editor (docs/protocol.md "Alerts delivery") with a data provider whose
 * alertsApi answers what each test says: a save the server refuses shows why next to the field it
 * names and loses nothing typed; the secret entered again is sent with the rest.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { Destination, DestinationInput } from '../../src/contract/alertDelivery.ts';
import { ApiError } from '../../src/dataProvider/index.ts';
import { DestinationsEditor } from '../../src/screens/alertDelivery/DestinationsEditor.tsx';

const TOKEN_MOVED = 'enter the bot token again: it is only sent to the address it was saved with';
const URL_MOVED = 'enter the whole URL again: its secret part is only sent to the address it was saved with';
const STORED: Destination[] = [
  { id: 'tg', name: 'Telegram on-call', kind: 'telegram', enabled: true, chatId: '-100', botToken: '••••tzz9', apiBase: 'https://tg.example' },
  { id: 'hook', name: 'Ops webhook', kind: 'webhook', enabled: true, url: 'https://relay.example/••••q555' },
];

type Put = { destinations: DestinationInput[] };

/** An alertsApi whose PUTs are answered in turn by `answers`; GET answers the stored list. */
function renderEditor(answers: ((body: Put) => unknown)[]) {
  const puts: Put[] = [];
  const alertsApi = vi.fn(async (path: string, options?: { method?: string; body?: unknown }) => {
    if (path === '/destinations' && options?.method === 'PUT') {
      const body = options.body as Put;
      puts.push(body);
      const answer = answers.shift();
      if (!answer) throw new Error('no answer left');
      return answer(body);
    }
    if (path === '/destinations') return { destinations: STORED };
    throw new Error(`unexpected call ${path}`);
  });
  render(
    <AdminContext dataProvider={{ ...testDataProvider(), alertsApi } as ReturnType<typeof testDataProvider>}>
      <DestinationsEditor onTested={() => undefined} />
    </AdminContext>,
  );
  return puts;
}

const refusal = (details: { field: string; message: string }[]) => () => {
  throw new ApiError(400, 'invalid input', details);
};
const group = (name: string) => screen.getByRole('group', { name });
/** The helper text a field shows (MUI links it with aria-describedby). */
const helpOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

describe('Alerts delivery (protocol): the destinations editor', () => {
  it('a refused save (another Bot API address with the masked token) shows the reason next to Bot token and keeps everything typed; the token typed again is sent', async () => {
    const puts = renderEditor([
      refusal([{ field: 'destinations.0.botToken', message: TOKEN_MOVED }]),
      (body) => ({ destinations: body.destinations.map((d, i) => ({ ...STORED[i], ...d, botToken: '••••new1', url: STORED[i]?.url })) }),
    ]);
    await waitFor(() => expect(group('Telegram on-call')).toBeTruthy());
    const telegram = within(group('Telegram on-call'));
    const apiBase = telegram.getByLabelText('Bot API address');
    await userEvent.clear(apiBase);
    await userEvent.type(apiBase, 'https://tg-relay.example');
    // Said before saving too: the masked token does not follow a new address.
    expect(helpOf(telegram.getByLabelText('Bot token'))).toBe('New Bot API address: enter the bot token again');
    await userEvent.clear(telegram.getByLabelText('Chat ID'));
    await userEvent.type(telegram.getByLabelText('Chat ID'), '-200');
    await userEvent.click(screen.getByRole('button', { name: 'Save destinations' }));

    const token = telegram.getByLabelText('Bot token');
    await waitFor(() => expect(helpOf(token)).toBe(TOKEN_MOVED));
    expect(token).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('status')).toHaveTextContent(`Not saved: destination 1, botToken: ${TOKEN_MOVED}`);
    // Nothing typed is lost: the new address, the new chat, the masked token as it was.
    expect(apiBase).toHaveValue('https://tg-relay.example');
    expect(telegram.getByLabelText('Chat ID')).toHaveValue('-200');
    expect(token).toHaveValue('••••tzz9');
    expect(puts[0]?.destinations[0]).toMatchObject({ apiBase: 'https://tg-relay.example', botToken: '••••tzz9', chatId: '-200' });

    // Typing the token clears the reason; saved again, the token goes with the new address.
    await userEvent.clear(token);
    await userEvent.type(token, '123456:new-token-new1');
    expect(token).toHaveAttribute('aria-invalid', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Save destinations' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Destinations saved.'));
    expect(puts[1]?.destinations[0]).toMatchObject({ apiBase: 'https://tg-relay.example', botToken: '123456:new-token-new1', chatId: '-200' });
  });

  it('a webhook URL moved to another host with its masked rest: the reason under the URL field, the URL as typed', async () => {
    renderEditor([refusal([{ field: 'destinations.1.url', message: URL_MOVED }])]);
    await waitFor(() => expect(group('Ops webhook')).toBeTruthy());
    const hook = within(group('Ops webhook'));
    const url = hook.getByLabelText('Webhook URL');
    // Shown masked: the field says how to replace it.
    expect(helpOf(url)).toBe('Shown masked; paste the whole URL to replace it');
    await userEvent.clear(url);
    await userEvent.type(url, 'https://other.example/••••q555');
    await userEvent.click(screen.getByRole('button', { name: 'Save destinations' }));
    await waitFor(() => expect(helpOf(url)).toBe(URL_MOVED));
    expect(url).toHaveValue('https://other.example/••••q555');
    expect(within(group('Telegram on-call')).getByLabelText('Bot token')).toHaveAttribute('aria-invalid', 'false');
  });
});
