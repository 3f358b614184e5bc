// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserLogList } from '../../src/resources/userLogs/index.ts';
import { subjectOf } from '../../src/resources/userLogs/logRules.ts';
import { fakeResourceApi, live, renderScreen, resetLive } from './harness.tsx';

afterEach(resetLive);

const log = (id: string, time: number, user: string, action: string) => ({ id, time, user, action, details: { note: '<b>x</b>' } });
const rowsText = () => within(screen.getByRole('table', { name: 'User logs' })).getAllByRole('row').slice(1).map((r) => r.textContent ?? '');

/** A fake POST /logs/more answering from a fixed list (newest first), as the server filters it. */
function serverLogs(all: ReturnType<typeof log>[]) {
  const api = fakeResourceApi();
  api.logsMore.mockImplementation(async (q: { before?: number; limit: number; user?: string; action?: string }) => {
    const matching = all.filter((l) => (!q.user || l.user === q.user) && (!q.action || l.action === q.action || l.action.startsWith(`${q.action}.`)));
    return { data: matching.filter((l) => q.before === undefined || l.time < q.before).slice(0, q.limit), total: matching.length };
  });
  return api;
}

describe('/settings/userlogs', () => {
  it('shows the live feed newest first, filters by user and by action prefix', async () => {
    const user = userEvent.setup();
    await live({ userLogs: [log('3', 3000, 'ann', 'token.update'), log('2', 2000, 'bob', 'config.update'), log('1', 1000, 'ann', 'tokens')] });
    renderScreen(<UserLogList />, serverLogs([]));
    expect(rowsText()).toHaveLength(3);
    expect(rowsText()[0]).toContain('token.update');
    expect(rowsText()[0]).toContain('{"note":"<b>x</b>"}');
    await user.type(screen.getByRole('textbox', { name: 'Action' }), 'token');
    expect(rowsText()).toHaveLength(1);
    await user.clear(screen.getByRole('textbox', { name: 'Action' }));
    await user.type(screen.getByRole('textbox', { name: 'User' }), 'ann');
    expect(rowsText()).toHaveLength(2);
    await live({ userLogs: [log('4', 4000, 'ann', 'pins.update'), log('3', 3000, 'ann', 'token.update'), log('2', 2000, 'bob', 'config.update'), log('1', 1000, 'ann', 'tokens')] });
    expect(rowsText()[0]).toContain('pins.update');
  });

  it('opening the screen loads the newest stored entries (the live feed only has what came since connecting)', async () => {
    const api = serverLogs([log('2', 2000, 'bob', 'config.update'), log('1', 1000, 'ann', 'token.create')]);
    renderScreen(<UserLogList />, api);
    await waitFor(() => expect(rowsText()).toHaveLength(2));
    expect(api.logsMore).toHaveBeenCalledWith({ limit: 100 });
    expect(rowsText()[0]).toContain('config.update');
    expect(screen.getByText('2 shown of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No older entries' })).toBeDisabled();
  });

  it('a filter asks the server again (once typing pauses) and says when nothing matches', async () => {
    const user = userEvent.setup();
    const api = serverLogs([log('2', 2000, 'bob', 'config.update'), log('1', 1000, 'ann', 'token.create')]);
    renderScreen(<UserLogList />, api);
    await waitFor(() => expect(rowsText()).toHaveLength(2));
    await user.type(screen.getByRole('textbox', { name: 'User' }), 'ann');
    await waitFor(() => expect(api.logsMore).toHaveBeenLastCalledWith({ limit: 100, user: 'ann' }));
    // Not once per keystroke: the first load and the paused filter.
    expect(api.logsMore).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(rowsText()).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: 'Action' }), 'bridge');
    await waitFor(() => expect(screen.getByText('No log entries match these filters.')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowsText()).toHaveLength(2));
  });

  it('Load older asks POST /logs/more before the oldest shown, with the filters, and appends without duplicates', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 120 }, (_, i) => log(String(i), 10_000 - i, 'ann', 'token.update'));
    await live({ userLogs: [many[0]!] });
    const api = serverLogs(many);
    renderScreen(<UserLogList />, api);
    await waitFor(() => expect(rowsText()).toHaveLength(100));
    await user.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(api.logsMore).toHaveBeenLastCalledWith({ limit: 100, before: 10_000 - 99 }));
    await waitFor(() => expect(rowsText()).toHaveLength(120));
    expect(screen.getByRole('button', { name: 'No older entries' })).toBeDisabled();
  });

  it('an entry opens as JSON, as text', async () => {
    const user = userEvent.setup();
    renderScreen(<UserLogList />, serverLogs([log('1', 1000, 'ann', 'token.create')]));
    await user.click(await screen.findByRole('row', { name: 'Log entry token.create by ann' }));
    const dialog = await screen.findByRole('dialog', { name: 'token.create by ann' });
    expect(dialog.textContent).toContain('"note": "<b>x</b>"');
  });

  it('the Record column names what an entry is about, from its after, its before or itself', () => {
    expect(subjectOf({ after: { tokenName: 'USDC' } })).toBe('USDC');
    expect(subjectOf({ before: { bridgeName: 'stargate-eth' }, bridgesUpdated: [] })).toBe('stargate-eth');
    expect(subjectOf({ configName: 'worker' })).toBe('worker');
    expect(subjectOf('text')).toBe('');
    expect(subjectOf(undefined)).toBe('');
  });
});
