// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configs } from '../../src/screens/configs/definition.ts';
import { lineDiff, parseConfigJson } from '../../src/domain/jsonText.ts';
import { VERSION_CONFLICT_ERROR } from '../../src/contract/index.ts';
import { fakeApi, json, type SeenRequest } from '../support/fakeFetch.ts';
import { allowKnownReactAdminWarnings, renderKit, resetKit } from './kitHarness.tsx';

const worker = { configName: 'worker', version: 2, updatedAt: 1, data: { tradeMode: 'auto', maxParallelTrades: 3 } };
const cex = { configName: 'cex', version: 1, updatedAt: 2, data: { exchanges: [] } };

/** GET /configs in the simple-rest form, GET /configs/worker; PUTs answered by `put`. */
function configsApi(put: (request: SeenRequest) => Response = () => json({ ...worker, version: 3 })) {
  return fakeApi((r) => {
    if (r.method === 'GET' && r.path === '/configs') {
      const q = (JSON.parse(r.query.get('filter') ?? '{}') as { q?: string }).q ?? '';
      const rows = [cex, worker].filter((c) => c.configName.includes(q));
      return json(rows, { headers: { 'content-range': `configs 0-${Math.max(0, rows.length - 1)}/${rows.length}` } });
    }
    if (r.method === 'GET' && r.path === '/configs/worker') return json(worker);
    if (r.method === 'PUT' && r.path === '/configs/worker') return put(r);
    return undefined;
  });
}

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Configs' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);

async function openWorker(api = configsApi()) {
  const user = userEvent.setup();
  renderKit('/settings/configs/worker', { api, definitions: [configs] });
  const editor = await screen.findByRole('textbox', { name: 'worker JSON' });
  return { user, api, editor };
}

beforeEach(allowKnownReactAdminWarnings);

/** apiFetch logs every failure (§8): the refused saves below are expected in the log. */
const expectLoggedFailures = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);
afterEach(resetKit);

describe('config JSON rules', () => {
  it('the JSON must parse; the error names the line', () => {
    expect(parseConfigJson('{\n  "a": 1,\n  "b": \n}')).toMatchObject({ ok: false, error: expect.stringMatching(/^line 4, column 1: /) });
    expect(parseConfigJson('[1]')).toMatchObject({ ok: false });
    expect(parseConfigJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('the diff lists removed and added lines', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
    ]);
  });
});

describe('/settings/configs', () => {
  it('lists the configs over GET /configs by name; the search asks the server; a row opens its editor', async () => {
    const user = userEvent.setup();
    const { api, router } = renderKit('/settings/configs', { api: configsApi(), definitions: [configs] });
    await waitFor(() => expect(rowNames()).toEqual(['cex', 'worker']));
    const list = api.requests.find((r) => r.path === '/configs');
    expect(list?.query.get('sort')).toBe('["configName","ASC"]');
    expect(screen.getByRole('row', { name: /worker/ })).toHaveTextContent('2');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'wor');
    await waitFor(() => expect(rowNames()).toEqual(['worker']));
    expect(api.requests.at(-1)?.query.get('filter')).toBe('{"q":"wor"}');
    expect(screen.queryByRole('link', { name: /create|new config/i })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Edit worker' }));
    expect(await screen.findByRole('textbox', { name: 'worker JSON' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/configs/worker');
    await user.click(screen.getByRole('button', { name: 'Back to configs' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/configs'));
  });

  it('a deep link opens the config, blocks invalid JSON, shows the diff, then PUTs with the version loaded', async () => {
    const { user, api, editor } = await openWorker(configsApi(() => json({ ...worker, version: 3, data: { tradeMode: 'force', maxParallelTrades: 3 } })));
    expect(api.requests.some((r) => r.method === 'GET' && r.path === '/configs/worker')).toBe(true);
    fireEvent.change(editor, { target: { value: '{ "tradeMode": "force",' } });
    expect(screen.getByText(/^line 1, column/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review changes' })).toBeDisabled();
    fireEvent.change(editor, { target: { value: '{ "tradeMode": "force", "maxParallelTrades": 3 }' } });
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    const changes = screen.getByRole('region', { name: 'Changes' });
    expect(changes).toHaveTextContent('Changes: 1 added, 1 removed');
    expect(changes).toHaveTextContent('- "tradeMode": "auto"');
    expect(changes).toHaveTextContent('+ "tradeMode": "force"');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ version: 2, data: { tradeMode: 'force', maxParallelTrades: 3 } }]),
    );
    expect(await screen.findByText('Saved as version 3.')).toBeInTheDocument();
  });

  it('a failed save keeps the edited text and shows why', async () => {
    expectLoggedFailures();
    const { user, editor } = await openWorker(
      configsApi(() => json({ error: 'invalid request', details: [{ in: 'body', field: 'data.tradeMode', message: 'bad mode' }] }, { status: 400 })),
    );
    fireEvent.change(editor, { target: { value: '{ "tradeMode": "nope" }' } });
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Save failed: invalid request/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'worker JSON' })).toHaveValue('{ "tradeMode": "nope" }');
  });

  it('409: theirs vs yours; Keep mine re-sends over their version; Take theirs loads theirs', async () => {
    expectLoggedFailures();
    const theirs = { ...worker, version: 5, data: { tradeMode: 'parallel', maxParallelTrades: 3 } };
    const { user, api, editor } = await openWorker(configsApi(() => json({ error: VERSION_CONFLICT_ERROR, details: { current: theirs } }, { status: 409 })));
    fireEvent.change(editor, { target: { value: '{ "tradeMode": "force" }' } });
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    let dialog = await screen.findByRole('dialog', { name: /Config worker was changed by someone else/ });
    expect(within(dialog).getByRole('region', { name: 'Theirs (current)' })).toHaveTextContent('parallel');
    expect(within(dialog).getByRole('region', { name: 'Yours' })).toHaveTextContent('force');
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine (overwrite)' }));
    const puts = () => api.requests.filter((r) => r.method === 'PUT').map((r) => r.body);
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toEqual({ version: 5, data: { tradeMode: 'force' } });
    dialog = await screen.findByRole('dialog', { name: /Config worker was changed/ });
    await user.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'worker JSON' })).toHaveValue(JSON.stringify(theirs.data, null, 2)));
    expect(screen.getByRole('heading', { name: 'Config worker (version 5)' })).toBeInTheDocument();
  });
});
