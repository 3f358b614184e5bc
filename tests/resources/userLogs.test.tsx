// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserLogList } from '../../src/resources/userLogs/index.ts';
import { fakeResourceApi, live, renderScreen, resetLive } from './harness.tsx';

afterEach(resetLive);

const log = (id: string, time: number, user: string, action: string) => ({ id, time, user, action, details: { note: '<b>x</b>' } });
const rowsText = () => within(screen.getByRole('table', { name: 'User logs' })).getAllByRole('row').slice(1).map((r) => r.textContent ?? '');

describe('/settings/userlogs', () => {
  it('shows the live feed newest first, filters by user and by action prefix', async () => {
    const user = userEvent.setup();
    await live({ userLogs: [log('3', 3000, 'ann', 'token.update'), log('2', 2000, 'bob', 'config.update'), log('1', 1000, 'ann', 'tokens')] });
    renderScreen(<UserLogList />);
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

  it('Load older asks POST /logs/more before the oldest shown, with the filters, and appends without duplicates', async () => {
    const user = userEvent.setup();
    await live({ userLogs: [log('3', 3000, 'ann', 'token.update')] });
    const api = fakeResourceApi();
    api.logsMore.mockResolvedValueOnce({ data: [log('3', 3000, 'ann', 'token.update'), log('0', 500, 'ann', 'token.create')], total: 2 });
    renderScreen(<UserLogList />, api);
    await user.type(screen.getByRole('textbox', { name: 'User' }), 'ann');
    await user.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(api.logsMore).toHaveBeenCalledWith({ limit: 100, before: 3000, user: 'ann' }));
    await waitFor(() => expect(rowsText()).toHaveLength(2));
    expect(rowsText()[1]).toContain('token.create');
    expect(screen.getByRole('button', { name: 'No older entries' })).toBeDisabled();
  });
});
