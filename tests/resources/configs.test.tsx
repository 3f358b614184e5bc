// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigsScreen } from '../../src/resources/configs/index.ts';
import { lineDiff, parseConfigJson } from '../../src/resources/configs/jsonText.ts';
import { ApiError } from '../../src/dataProvider/apiFetch.ts';
import { conflictError, fakeResourceApi, renderScreen } from './harness.tsx';

const worker = { configName: 'worker', version: 2, updatedAt: 1, data: { tradeMode: 'auto', maxParallelTrades: 3 } };
const list = { getList: vi.fn(async () => ({ data: [{ ...worker, id: 'worker' }], total: 1 })) };

async function openWorker() {
  const user = userEvent.setup();
  const api = fakeResourceApi();
  api.getConfig.mockResolvedValue(worker);
  renderScreen(<ConfigsScreen />, api, list);
  await user.click(await screen.findByRole('button', { name: 'Open worker' }));
  const editor = await screen.findByRole('textbox', { name: 'worker JSON' });
  return { user, api, editor };
}

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
  it('opens a config, blocks invalid JSON, shows the diff, then PUTs with the version loaded', async () => {
    const { user, api, editor } = await openWorker();
    expect(api.getConfig).toHaveBeenCalledWith('worker');
    fireEvent.change(editor, { target: { value: '{ "tradeMode": "force",' } });
    expect(screen.getByText(/^line 1, column/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review changes' })).toBeDisabled();
    fireEvent.change(editor, { target: { value: '{ "tradeMode": "force", "maxParallelTrades": 3 }' } });
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    const changes = screen.getByRole('region', { name: 'Changes' });
    expect(changes).toHaveTextContent('Changes: 1 added, 1 removed');
    expect(changes).toHaveTextContent('- "tradeMode": "auto"');
    expect(changes).toHaveTextContent('+ "tradeMode": "force"');
    api.updateConfig.mockResolvedValueOnce({ ...worker, version: 3, data: { tradeMode: 'force', maxParallelTrades: 3 } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.updateConfig).toHaveBeenCalledWith('worker', 2, { tradeMode: 'force', maxParallelTrades: 3 }));
    expect(await screen.findByText('Saved as version 3.')).toBeInTheDocument();
  });

  it('a failed save keeps the edited text and shows why', async () => {
    const { user, api, editor } = await openWorker();
    api.updateConfig.mockRejectedValueOnce(new ApiError(400, 'invalid request', [{ in: 'body', field: 'data.tradeMode', message: 'bad mode' }]));
    fireEvent.change(editor, { target: { value: '{ "tradeMode": "nope" }' } });
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Save failed: invalid request \(data.tradeMode: bad mode\)/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'worker JSON' })).toHaveValue('{ "tradeMode": "nope" }');
  });

  it('409: theirs vs yours; Keep mine re-sends over their version; Take theirs loads theirs', async () => {
    const { user, api, editor } = await openWorker();
    const theirs = { ...worker, version: 5, data: { tradeMode: 'parallel', maxParallelTrades: 3 } };
    api.updateConfig.mockRejectedValueOnce(conflictError(theirs)).mockRejectedValueOnce(conflictError(theirs));
    fireEvent.change(editor, { target: { value: '{ "tradeMode": "force" }' } });
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    let dialog = await screen.findByRole('dialog', { name: /Config worker was changed by someone else/ });
    expect(within(dialog).getByRole('region', { name: 'Theirs (current)' })).toHaveTextContent('parallel');
    expect(within(dialog).getByRole('region', { name: 'Yours' })).toHaveTextContent('force');
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine (overwrite)' }));
    await waitFor(() => expect(api.updateConfig).toHaveBeenCalledTimes(2));
    expect(api.updateConfig.mock.calls[1]).toEqual(['worker', 5, { tradeMode: 'force' }]);
    dialog = await screen.findByRole('dialog', { name: /Config worker was changed/ });
    await user.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'worker JSON' })).toHaveValue(JSON.stringify(theirs.data, null, 2)));
    expect(screen.getByRole('heading', { name: 'Config worker (version 5)' })).toBeInTheDocument();
  });
});
