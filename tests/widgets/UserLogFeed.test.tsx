// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, testDataProvider, type AuthProvider } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserLog } from '../../src/contract/index.ts';
import type { LogsMoreQuery } from '../../src/dataProvider/index.ts';
import { dispatchServerEvent } from '../../src/realtime/handlers.ts';
import { liveStore } from '../../src/realtime/index.ts';
import { USER_LOG_FEED_SHOWN, UserLogFeed } from '../../src/widgets/UserLogFeed/UserLogFeed.tsx';
import { handlerContext } from '../realtime/fixtures.ts';
import { resetLive } from './harness.tsx';

const asRole = (role: string): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => role,
});

/** A data provider whose POST /logs/more answers these entries (newest first). */
function logsProvider(stored: readonly UserLog[]) {
  const logsMore = vi.fn(async (_query: LogsMoreQuery) => ({ data: [...stored], total: stored.length }));
  return { logsMore, dataProvider: { ...testDataProvider(), logsMore } };
}

/** A socket newUserLog through the real handlers (§5: added only if its id is not already present). */
async function newUserLog(log: UserLog) {
  await act(async () => {
    dispatchServerEvent('newUserLog', log, handlerContext(liveStore).ctx);
    await new Promise((resolve) => setTimeout(resolve, 40));
  });
}

const items = () => within(screen.getByRole('list', { name: 'User log' })).getAllByRole('listitem').map((item) => item.textContent ?? '');

const sellOnlyOn: UserLog = { id: 's1', time: 2000, user: 'admin', action: 'settings.misc', details: { setting: 'sellOnly', from: false, to: true } };
const restart: UserLog = { id: 'r1', time: 1000, user: 'admin', action: 'service.restart', details: { service: 'brain' } };

describe('§1/§6 the home user-log panel', () => {
  beforeEach(resetLive);

  it('an empty feed tells an Admin no action happened yet', async () => {
    render(
      <AdminContext dataProvider={logsProvider([]).dataProvider} authProvider={asRole('Admin')}>
        <UserLogFeed />
      </AdminContext>,
    );
    expect(await screen.findByText('No operator actions yet')).toBeInTheDocument();
  });

  it('an Operator, to whom the reference server sends no user log, is told where they are listed rather than that none happened', async () => {
    const { logsMore, dataProvider } = logsProvider([restart]);
    render(
      <AdminContext dataProvider={dataProvider} authProvider={asRole('Operator')}>
        <UserLogFeed />
      </AdminContext>,
    );
    expect(await screen.findByText('Operator actions are listed for admins')).toBeInTheDocument();
    expect(screen.queryByText('No operator actions yet')).toBeNull();
    // POST /logs/more is Admin's: an Operator's console does not ask (it would be refused).
    expect(logsMore).not.toHaveBeenCalled();
  });

  it('The user log (protocol): after a reload (nothing live yet) an Admin sees the latest entries the server has, as sentences (§7 POST /logs/more)', async () => {
    const { logsMore, dataProvider } = logsProvider([sellOnlyOn, restart]);
    render(
      <AdminContext dataProvider={dataProvider} authProvider={asRole('Admin')}>
        <UserLogFeed />
      </AdminContext>,
    );
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(logsMore).toHaveBeenCalledWith({ limit: USER_LOG_FEED_SHOWN });
    expect(items()[0]).toContain('admin turned Sell Only on');
    expect(items()[1]).toContain('admin restarted brain');
    expect(screen.queryByText('No operator actions yet')).toBeNull();
    expect(items().join('')).not.toContain('settings.misc');
  });

  it('The user log (protocol), §5: live entries go on top of the loaded ones, and one already listed (same id) is not listed twice', async () => {
    const { dataProvider } = logsProvider([sellOnlyOn, restart]);
    render(
      <AdminContext dataProvider={dataProvider} authProvider={asRole('Admin')}>
        <UserLogFeed />
      </AdminContext>,
    );
    await waitFor(() => expect(items()).toHaveLength(2));
    await newUserLog({ id: 'c1', time: 3000, user: 'admin', action: 'command', details: { to: 'worker', cmd: 'saveStats' } });
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(items()[0]).toContain('admin sent saveStats to worker');
    // The same entry again on the socket, and one the server had already answered.
    await newUserLog({ id: 'c1', time: 3000, user: 'admin', action: 'command', details: { to: 'worker', cmd: 'saveStats' } });
    await newUserLog(sellOnlyOn);
    expect(items()).toHaveLength(3);
    expect(items().filter((text) => text.includes('turned Sell Only on'))).toHaveLength(1);
  });
});
