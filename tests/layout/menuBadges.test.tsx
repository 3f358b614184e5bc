// @vitest-environment jsdom
/**
 * The menu's unseen-change badges: realtime events on a resource the operator is not looking at
 * count on its menu item, whose accessible name says so ("Manage tokens, 3 new changes"); opening
 * the resource clears it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/index.ts';
import { createRealtimeChannel, listTopic } from '../../src/dataProvider/realtime.ts';
import { Menu } from '../../src/layout/Menu.tsx';
import { DEFINITIONS } from '../../src/screens/index.tsx';
import { DefinitionsContext } from '../../src/kit/DefinitionsContext.tsx';
import { clearUnseen, unseenLabel } from '../../src/kit/unseenChanges.tsx';
import { signedInAs } from '../resources/kitHarness.tsx';
import { fakeApi } from '../support/fakeFetch.ts';

beforeEach(() => {
  for (const d of DEFINITIONS) clearUnseen(d.name);
});

describe('unseenLabel', () => {
  it('names the count in the singular or the plural, and nothing without changes', () => {
    expect(unseenLabel('Manage tokens', 0)).toBe('Manage tokens');
    expect(unseenLabel('Manage tokens', 1)).toBe('Manage tokens, 1 new change');
    expect(unseenLabel('Manage tokens', 3)).toBe('Manage tokens, 3 new changes');
  });
});

function renderMenu(path: string) {
  const realtime = createRealtimeChannel();
  const dataProvider = createDataProvider(fakeApi(), { realtime });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AdminContext dataProvider={dataProvider} authProvider={signedInAs('Admin')} store={memoryStore()}>
            <DefinitionsContext.Provider value={DEFINITIONS}>
              <Menu />
            </DefinitionsContext.Provider>
          </AdminContext>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  const publish = (resource: string, ids: string[], type: 'created' | 'updated' | 'deleted' = 'updated') =>
    act(async () => {
      await realtime.publish(listTopic(resource), { type, payload: { ids } });
    });
  return { router, publish, realtime };
}

describe('menu badges', () => {
  it('counts the changed records of a resource not in view in its item\'s name, and clears them when it is opened', async () => {
    const { router, publish } = renderMenu('/');
    const item = await screen.findByRole('menuitem', { name: 'Manage tokens' });
    await publish('settings/tokens', ['USDC', 'PEPE']);
    await publish('settings/tokens', ['BONK'], 'created');
    await waitFor(() => expect(item).toHaveAccessibleName('Manage tokens, 3 new changes'));
    // Another resource's events are its own.
    expect(screen.getByRole('menuitem', { name: 'Cloud groups' })).toBeInTheDocument();
    await act(async () => {
      await router.navigate('/settings/tokens');
    });
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Manage tokens' })).toBeInTheDocument());
    expect(screen.queryByRole('menuitem', { name: /new change/ })).toBeNull();
  });

  it('a busy collection\'s count is told at most twice a second, not with every event: one name change for fifty events', async () => {
    const { realtime } = renderMenu('/');
    const item = await screen.findByRole('menuitem', { name: 'Manage tokens' });
    const names: string[] = [];
    const observer = new MutationObserver(() => {
      const name = item.textContent ?? '';
      if (names[names.length - 1] !== name) names.push(name);
    });
    observer.observe(item, { subtree: true, childList: true, characterData: true });
    try {
      // Fifty events in one task, as a frame's worth of a busy feed arrives: no timer runs between them.
      await act(async () => {
        for (let i = 0; i < 50; i++) await realtime.publish(listTopic('settings/tokens'), { type: 'updated', payload: { ids: [`T${i}`] } });
      });
      await waitFor(() => expect(item).toHaveAccessibleName('Manage tokens, 50 new changes'));
      expect(names.filter((name) => name.includes('new change'))).toHaveLength(1);
    } finally {
      observer.disconnect();
    }
  });

  it('an event without ids counts as one change; the singular is said', async () => {
    const { publish } = renderMenu('/');
    await screen.findByRole('menuitem', { name: 'Cloud groups' });
    await publish('settings/cloudgroups', []);
    expect(await screen.findByRole('menuitem', { name: 'Cloud groups, 1 new change' })).toBeInTheDocument();
  });

  it('events of the resource in view, or of one of its records, are not counted', async () => {
    const { router, publish } = renderMenu('/settings/tokens');
    await screen.findByRole('menuitem', { name: 'Manage tokens' });
    await publish('settings/tokens', ['USDC']);
    await act(async () => {
      await router.navigate('/settings/tokens/USDC');
    });
    await publish('settings/tokens', ['USDC']);
    expect(screen.getByRole('menuitem', { name: 'Manage tokens' })).toBeInTheDocument();
    await act(async () => {
      await router.navigate('/');
    });
    await publish('settings/tokens', ['USDC']);
    expect(await screen.findByRole('menuitem', { name: 'Manage tokens, 1 new change' })).toBeInTheDocument();
  });
});
