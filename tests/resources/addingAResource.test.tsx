// @vitest-environment jsdom
/**
 * README "Adding a resource": a definition is all a new resource needs. This file declares one the
 * console does not have (widgets, a REST resource with a zod schema), registers it as App.tsx
 * registers DEFINITIONS (resourcesFor, withResourceAccess, resourceRoutes, publishLiveChanges — see
 * kitHarness.tsx) and uses it through the generic kit: list, create, edit, delete, roles, realtime.
 * Then cloud groups, the worked example of docs/architecture.md ("Cloud groups, field by field"),
 * from init.awsGroups to PUT /aws/groups.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import WidgetsIcon from '@mui/icons-material/Widgets';
import { DEFINITIONS } from '../../src/screens/index.tsx';
import { defineResource } from '../../src/kit/definition.ts';
import { zodValidate } from '../../src/kit/zodValidate.ts';
import { fakeApi, json, writes, type SeenRequest } from '../support/fakeFetch.ts';
import { allowKnownReactAdminWarnings, liveInit, renderKit, resetKit, type Role } from './kitHarness.tsx';

// ---- The whole new resource: a contract schema and a definition. ----
const Widget = z.object({
  widgetName: z.string('a widget needs a name').min(1, 'a widget needs a name'),
  colour: z.enum(['red', 'blue'], 'red or blue'),
  size: z.number('a whole number').int().min(1, 'at least 1'),
});
type WidgetRecord = z.infer<typeof Widget> & { id: string };

const widgets = defineResource<WidgetRecord>({
  name: 'settings/widgets',
  label: 'Widgets',
  recordLabel: 'widget',
  idField: 'widgetName',
  icon: WidgetsIcon,
  access: { list: 'any', show: 'none', create: 'admin', edit: 'admin', delete: 'admin' },
  api: { record: 'widgets' },
  defaultSort: { field: 'widgetName', order: 'ASC' },
  views: async () => ({
    columns: [
      { source: 'widgetName', label: 'Widget' },
      { source: 'colour', label: 'Colour' },
      { source: 'size', label: 'Size' },
    ],
    filters: [{ source: 'q', label: 'Search', kind: 'search' }],
    fields: [
      { source: 'widgetName', label: 'Widget name', kind: 'text', fixedOnEdit: true },
      { source: 'colour', label: 'Colour', kind: 'select', choices: ['red', 'blue'] },
      { source: 'size', label: 'Size', kind: 'number' },
    ],
    validate: zodValidate(Widget),
  }),
  recordRepresentation: (w) => w.widgetName,
});
// ---- That is all. ----

const WITH_WIDGETS = [...DEFINITIONS, widgets];

/** A REST server of widgets (ra-data-simple-rest's convention) kept in memory. */
function widgetServer({ refuseDelete }: { refuseDelete?: string } = {}) {
  const rows = new Map<string, Record<string, unknown>>([
    ['w1', { widgetName: 'w1', colour: 'red', size: 2 }],
    ['w2', { widgetName: 'w2', colour: 'blue', size: 5 }],
  ]);
  const route = (r: SeenRequest) => {
    const [, base, name] = r.path.split('/');
    if (base !== 'widgets') return undefined;
    if (r.method === 'GET' && name === undefined) {
      const all = [...rows.values()];
      return json(all, { headers: { 'content-range': `widgets 0-${all.length - 1}/${all.length}` } });
    }
    const id = decodeURIComponent(name ?? '');
    if (r.method === 'GET') return rows.has(id) ? json(rows.get(id)) : json({ error: 'no such widget' }, { status: 404 });
    if (r.method === 'DELETE') {
      if (id === refuseDelete) return json({ error: 'widget in use' }, { status: 409 });
      rows.delete(id);
      return json({ ok: true });
    }
    const body = r.body as Record<string, unknown>;
    rows.set(String(body.widgetName), body);
    return json(body);
  };
  return { rows, api: fakeApi(route) };
}

beforeEach(allowKnownReactAdminWarnings);
afterEach(resetKit);

const widgetNames = () =>
  within(screen.getByRole('table', { name: 'Widgets' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').find((c) => /^w\d$/.test(c.textContent))?.textContent);

async function openWidgets(role: Role = 'Admin', options: { refuseDelete?: string } = {}) {
  const server = widgetServer(options);
  const view = renderKit('/settings/widgets', { api: server.api, definitions: WITH_WIDGETS, role });
  await screen.findByRole('table', { name: 'Widgets' });
  await waitFor(() => expect(widgetNames()).toEqual(['w1', 'w2']));
  return { ...server, ...view };
}

describe('a resource declared only by its definition', () => {
  it('its list reads GET /widgets the simple-rest way and shows the records', async () => {
    const { api } = await openWidgets();
    const list = api.requests.find((r) => r.method === 'GET' && r.path === '/widgets');
    expect(JSON.parse(list?.query.get('sort') ?? '')).toEqual(['widgetName', 'ASC']);
    expect(JSON.parse(list?.query.get('range') ?? '')).toEqual([0, 24]);
    expect(screen.getByRole('heading', { name: 'Widgets' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Colour/ })).toBeInTheDocument();
  });

  it('create checks the zod schema beside the fields, then sends POST /widgets', async () => {
    const user = userEvent.setup();
    const { api } = widgetServer();
    renderKit('/settings/widgets/create', { api, definitions: WITH_WIDGETS });
    const name = await screen.findByRole('textbox', { name: 'Widget name' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('a widget needs a name'));
    expect(writes(api.requests)).toEqual([]);
    await user.type(name, 'w3');
    await user.click(screen.getByRole('combobox', { name: 'Colour' }));
    await user.click(await screen.findByRole('option', { name: 'blue' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Size' }), '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(api.requests)).toEqual([{ method: 'POST', path: '/widgets', body: { widgetName: 'w3', colour: 'blue', size: 7 } }]));
    await waitFor(() => expect(widgetNames()).toEqual(['w1', 'w2', 'w3']));
  });

  it('edit loads GET /widgets/{id} and sends PUT /widgets/{id} without react-admin\'s id', async () => {
    const user = userEvent.setup();
    const { api } = widgetServer();
    renderKit('/settings/widgets/w2', { api, definitions: WITH_WIDGETS });
    const size = await screen.findByRole('spinbutton', { name: 'Size' });
    await waitFor(() => expect(size).toHaveValue(5));
    expect(screen.getByRole('textbox', { name: 'Widget name' })).toBeDisabled();
    await user.clear(size);
    await user.type(size, '9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(api.requests)).toEqual([{ method: 'PUT', path: '/widgets/w2', body: { widgetName: 'w2', colour: 'blue', size: 9 } }]));
  });

  it('delete asks first, then sends DELETE /widgets/{id} and the row goes', async () => {
    const user = userEvent.setup();
    const { api } = await openWidgets();
    await user.click(screen.getByRole('button', { name: 'Delete w1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete widget' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(writes(api.requests)).toEqual([{ method: 'DELETE', path: '/widgets/w1', body: undefined }]));
    await waitFor(() => expect(widgetNames()).toEqual(['w2']));
  });

  it('§2 rows selected together are deleted after one Yes/No naming them, one DELETE each; a refused one stays selected and is named', async () => {
    const user = userEvent.setup();
    // The refused call is logged to the console, as every failed call is; that is expected here.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api } = await openWidgets('Admin', { refuseDelete: 'w2' });
    const table = screen.getByRole('table', { name: 'Widgets' });
    const boxes = within(table).getAllByRole('checkbox', { name: 'Select this row' });
    expect(boxes).toHaveLength(2);
    await user.click(boxes[0]!);
    await user.click(boxes[1]!);
    await user.click(screen.getByRole('button', { name: 'Delete 2 widgets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 widgets' });
    expect(dialog).toHaveTextContent('Delete 2 widgets: w1, w2?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(writes(api.requests)).toEqual([
        { method: 'DELETE', path: '/widgets/w1', body: undefined },
        { method: 'DELETE', path: '/widgets/w2', body: undefined },
      ]),
    );
    await waitFor(() => expect(widgetNames()).toEqual(['w2']));
    expect(await screen.findByText('Deleted 1 of 2 widgets; refused: w2: widget in use')).toBeInTheDocument();
    expect(logged.mock.calls.filter(([first]) => String(first).startsWith('API DELETE'))).toEqual([['API DELETE /widgets/w2 failed:', expect.anything()]]);
    // What was refused is still selected, ready for another try.
    expect(screen.getByRole('button', { name: 'Delete 1 widget' })).toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'Select this row' })).toBeChecked();
  });

  it('No keeps every selected row and sends nothing', async () => {
    const user = userEvent.setup();
    const { api } = await openWidgets();
    await user.click(within(screen.getByRole('table', { name: 'Widgets' })).getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Delete 2 widgets' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete 2 widgets' })).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(api.requests)).toEqual([]);
    expect(widgetNames()).toEqual(['w1', 'w2']);
    expect(within(screen.getByRole('table', { name: 'Widgets' })).getAllByRole('checkbox', { name: 'Select this row' }).map((box) => (box as HTMLInputElement).checked)).toEqual([true, true]);
  });

  it('an Operator lists widgets but gets no New, Edit, Delete or row selection, and canAccess says no', async () => {
    const { authProvider } = await openWidgets('Operator');
    expect(screen.queryByRole('link', { name: 'New widget' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit w1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete w1' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    for (const action of ['create', 'edit', 'delete'] as const) {
      expect(await authProvider.canAccess?.({ resource: 'settings/widgets', action })).toBe(false);
    }
    expect(await authProvider.canAccess?.({ resource: 'settings/widgets', action: 'list' })).toBe(true);
  });

  it('an Admin gets New, Edit and Delete, and canAccess says yes', async () => {
    const { authProvider } = await openWidgets('Admin');
    expect(screen.getByRole('link', { name: 'New widget' })).toHaveAttribute('href', '/settings/widgets/create');
    expect(screen.getByRole('link', { name: 'Edit w1' })).toHaveAttribute('href', '/settings/widgets/w1');
    expect(screen.getByRole('button', { name: 'Delete w1' })).toBeInTheDocument();
    for (const action of ['list', 'create', 'edit', 'delete'] as const) {
      expect(await authProvider.canAccess?.({ resource: 'settings/widgets', action })).toBe(true);
    }
  });

  it('a realtime event on resource/settings/widgets makes the open list refetch and show the new record', async () => {
    const { rows, realtime, api } = await openWidgets();
    rows.set('w9', { widgetName: 'w9', colour: 'red', size: 1 });
    const listed = api.requests.filter((r) => r.method === 'GET' && r.path === '/widgets').length;
    expect(widgetNames()).toEqual(['w1', 'w2']);
    await realtime.publish('resource/settings/widgets', { type: 'created', payload: { ids: ['w9'] } });
    await waitFor(() => expect(widgetNames()).toEqual(['w1', 'w2', 'w9']));
    expect(api.requests.filter((r) => r.method === 'GET' && r.path === '/widgets').length).toBeGreaterThan(listed);
  });
});

describe('cloud groups (the README\'s example)', () => {
  const G1 = { name: 'g1', region: 'eu-central-1', instanceType: 't3.small', desired: 2, running: 2 };
  const G2 = { name: 'g2', region: 'us-east-1', desired: 1 };
  const groupNames = () =>
    within(screen.getByRole('table', { name: 'Cloud groups' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell').find((c) => /^g\d$/.test(c.textContent))?.textContent);
  const savesGroups = (r: SeenRequest) => (r.path === '/aws/groups' ? json({ ok: true, groups: (r.body as { groups: unknown[] }).groups }) : undefined);

  it('lists init.awsGroups, with no request', async () => {
    await liveInit({ awsGroups: [G2, G1] });
    const api = fakeApi();
    renderKit('/settings/cloudgroups', { api });
    await screen.findByRole('table', { name: 'Cloud groups' });
    await waitFor(() => expect(groupNames()).toEqual(['g1', 'g2']));
    expect(screen.getByRole('cell', { name: 't3.small' })).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('create sends the whole list with the new group in one PUT /aws/groups', async () => {
    await liveInit({ awsGroups: [G1, G2] });
    const user = userEvent.setup();
    const api = fakeApi(savesGroups);
    renderKit('/settings/cloudgroups/create', { api });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'g3');
    await user.type(screen.getByRole('textbox', { name: 'Region' }), 'eu west');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Region' })).toHaveAccessibleDescription('an AWS region such as eu-central-1'));
    expect(writes(api.requests)).toEqual([]);
    await user.clear(screen.getByRole('textbox', { name: 'Region' }));
    await user.type(screen.getByRole('textbox', { name: 'Region' }), 'eu-west-1');
    await user.type(screen.getByRole('spinbutton', { name: 'Desired instances' }), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(writes(api.requests)).toEqual([{ method: 'PUT', path: '/aws/groups', body: { groups: [G1, G2, { name: 'g3', region: 'eu-west-1', desired: 3 }] } }]),
    );
  });

  it('delete sends the whole list without the group', async () => {
    await liveInit({ awsGroups: [G1, G2] });
    const user = userEvent.setup();
    const api = fakeApi(savesGroups);
    renderKit('/settings/cloudgroups', { api });
    await screen.findByRole('table', { name: 'Cloud groups' });
    await user.click(await screen.findByRole('button', { name: 'Delete g1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete cloud group' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(writes(api.requests)).toEqual([{ method: 'PUT', path: '/aws/groups', body: { groups: [G2] } }]));
  });

  it('§7 Restart is a command of the definition: asked first, POST /aws/restart {group}, the outcome or the server\'s reason in a toast', async () => {
    await liveInit({ awsGroups: [G1, G2] });
    const user = userEvent.setup();
    // The refused call is logged to the console, as every failed call is; that is expected here.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let refuse = true;
    const api = fakeApi((r) => {
      if (r.path !== '/aws/restart') return undefined;
      if (refuse) {
        refuse = false;
        return json({ error: 'the cloud API is unreachable' }, { status: 503 });
      }
      return json({ ok: true });
    });
    renderKit('/settings/cloudgroups', { api });
    await user.click(await screen.findByRole('button', { name: 'Restart g1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restart cloud group' });
    expect(confirm).toHaveTextContent('Restart every instance of cloud group g1? Work running on them is interrupted.');
    expect(writes(api.requests)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Restart of g1 failed: the cloud API is unreachable')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Restart g1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Restart cloud group' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Restart of g1 done.')).toBeInTheDocument();
    expect(writes(api.requests)).toEqual([
      { method: 'POST', path: '/aws/restart', body: { group: 'g1' } },
      { method: 'POST', path: '/aws/restart', body: { group: 'g1' } },
    ]);
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
