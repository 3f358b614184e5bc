// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { ROUTES } from '../../src/config/access.ts';
import { LOADING_TEXT } from '../../src/config/constants.ts';
import { AdminContext } from 'react-admin';
import { noNetworkDataProvider, renderConsole, type Who } from './harness.tsx';
import { resetStubs } from './stubs.tsx';
import { makeToken } from '../authProvider/fakes.ts';

vi.mock('../../src/realtime/index.ts', async (importOriginal) => (await import('./stubs.tsx')).realtimeStub(importOriginal));
vi.mock('../../src/app/index.ts', async (importOriginal) => (await import('./stubs.tsx')).appStub(importOriginal));
vi.mock('../../src/notifications/index.ts', async (importOriginal) => (await import('./stubs.tsx')).notificationsStub(importOriginal));

beforeEach(resetStubs);
afterEach(cleanup);

/** A concrete URL for a ROUTES path (a splat path without its splat). */
const urlOf = (path: string) => path.replace(/\/\*$/, '');
const SCREENS = ROUTES.filter((r) => r.access !== 'public');

async function expectAt(router: ReturnType<typeof renderConsole>['router'], pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

async function expectHeading(title: string) {
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
}

describe('§2 routing', () => {
  it(`§2 "${LOADING_TEXT}" shows while a lazily loaded screen loads`, async () => {
    vi.resetModules(); // a fresh lazy() whose chunk has not loaded yet
    const { Screen } = await import('../../src/screens/index.tsx');
    render(
      <AdminContext dataProvider={noNetworkDataProvider()}>
        <Screen path="/settings/networks" />
      </AdminContext>,
    );
    expect(screen.getByText(LOADING_TEXT)).toBeInTheDocument();
    await expectHeading('Networks');
    expect(screen.queryByText(LOADING_TEXT)).not.toBeInTheDocument();
  });

  it.each(SCREENS.map((r) => [r.path]))(
    '§2 an unauthenticated visitor to %s is sent to /login, replacing the history entry, and "api key not found" is logged',
    async (path) => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { router } = renderConsole(urlOf(path), 'anonymous');
      await expectAt(router, '/login');
      expect(router.state.historyAction).toBe('REPLACE');
      expect(await screen.findByLabelText(/Access key/)).toBeInTheDocument();
      expect(errors).toHaveBeenCalledWith('api key not found');
    },
  );

  const roleCases: [Who, string, string, string][] = (['Operator', 'Admin'] as const).flatMap((who) =>
    SCREENS.map((r): [Who, string, string, string] => {
      const allowed = r.access === 'any' || who === 'Admin';
      return [who, urlOf(r.path), allowed ? urlOf(r.path) : '/', allowed ? r.title : 'Home'];
    }),
  );

  it.each(roleCases)('§6 %s visiting %s ends on %s showing "%s"', async (who, url, landing, heading) => {
    const { router } = renderConsole(url, who);
    await expectHeading(heading);
    await expectAt(router, landing);
    if (landing !== url) expect(router.state.historyAction).toBe('REPLACE');
  });

  it('§2 an unknown path goes to / when signed in', async () => {
    const { router } = renderConsole('/no/such/screen', 'Operator');
    await expectAt(router, '/');
    expect(router.state.historyAction).toBe('REPLACE');
    await expectHeading('Home');
  });

  it('§2 an unknown path goes to /login when not signed in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderConsole('/no/such/screen', 'anonymous');
    await expectAt(router, '/login');
  });

  it('§6 /tx/new is for Admin only', async () => {
    const operator = renderConsole('/tx/new', 'Operator');
    await expectAt(operator.router, '/');
    operator.unmount();
    const admin = renderConsole('/tx/new', 'Admin');
    await expectHeading('New transaction');
    expect(admin.router.state.location.pathname).toBe('/tx/new');
  });

  it('§2 a bridge’s edit view and its Solana config are routes of the bridges resource', async () => {
    const edit = renderConsole('/settings/bridges/Stargate%20main', 'Admin');
    await expectHeading('Edit bridge Stargate main');
    expect(edit.router.state.location.pathname).toBe('/settings/bridges/Stargate%20main');
    edit.unmount();
    const solana = renderConsole('/settings/bridges/portal/show', 'Admin');
    await expectHeading('Solana config of portal');
    expect(solana.router.state.location.pathname).toBe('/settings/bridges/portal/show');
  });

  it.each([
    ['/tsettings/tokens/create'],
    ['/tsettings/tokens/USDC'],
    ['/settings/tokens/create'],
    ['/tx/new'],
    ['/tx/latest/extra'],
    ['/tx/123/nonsense'],
    ['/nonsense/deep/path'],
  ])('§2 an Operator at %s, a sub-path no route of theirs takes, ends at / (replaced)', async (url) => {
    const { router } = renderConsole(url, 'Operator');
    await expectAt(router, '/');
    expect(router.state.historyAction).toBe('REPLACE');
    await expectHeading('Home');
  });

  it('§2 an Admin at a sub-path below a resource\'s list or record ends at /; the record itself still opens', async () => {
    const below = renderConsole('/settings/tokens/create/extra', 'Admin');
    await expectAt(below.router, '/');
    await expectHeading('Home');
    below.unmount();
    const deep = renderConsole('/settings/bridges/Stargate%20main/extra', 'Admin');
    await expectAt(deep.router, '/');
    deep.unmount();
    const edit = renderConsole('/settings/bridges/Stargate%20main', 'Admin');
    await expectHeading('Edit bridge Stargate main');
    expect(edit.router.state.location.pathname).toBe('/settings/bridges/Stargate%20main');
  });

  it('§6 an expired session counts as not signed in', async () => {
    const expired = makeToken({ name: 'ops', role: 'Admin', exp: Math.floor(Date.now() / 1000) - 1 });
    const { router, storage } = renderConsole('/tx', 'Admin', { token: expired });
    await expectAt(router, '/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(storage.value).toBeNull();
  });
});

describe('§6 the menu lists the screens the role may see', () => {
  const adminTitles = SCREENS.filter((r) => r.access === 'admin').map((r) => r.title);
  const anyTitles = SCREENS.filter((r) => r.access === 'any').map((r) => r.title);

  it('§6 an operator sees only the screens for any authenticated user', async () => {
    renderConsole('/', 'Operator');
    await expectHeading('Home');
    const nav = screen.getAllByRole('menuitem').map((el) => el.textContent);
    expect(nav).toEqual(anyTitles);
  });

  it('§6 an Admin sees every screen', async () => {
    renderConsole('/', 'Admin');
    await expectHeading('Home');
    const nav = screen.getAllByRole('menuitem').map((el) => el.textContent);
    expect(nav).toEqual([...anyTitles, ...adminTitles]);
  });

  it('only the screen shown is marked current, not its parent path', async () => {
    renderConsole('/settings/configs', 'Admin');
    await expectHeading('Configs');
    const current = screen.getAllByRole('menuitem').filter((el) => el.getAttribute('aria-current') === 'page');
    // By accessible name: a resource's item carries its (hidden) unseen-changes badge.
    expect(current).toEqual([screen.getByRole('menuitem', { name: 'Configs' })]);
  });
});
