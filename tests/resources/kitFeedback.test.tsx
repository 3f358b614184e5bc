// @vitest-environment jsdom
/**
 * Feedback: every save and delete of the kit says in a toast what happened, naming the record, and
 * the validation toast of an earlier try closes once a save goes through. The kit is rendered with
 * the signed-in frame's real toast area (NotificationsProvider and the bridge from react-admin's
 * notify), so what is asserted is what the operator sees on the stack.
 */
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import WidgetsIcon from '@mui/icons-material/Widgets';
import { DEFINITIONS } from '../../src/screens/index.tsx';
import { defineResource } from '../../src/kit/definition.ts';
import { zodValidate } from '../../src/kit/zodValidate.ts';
import { createJournal } from '../../src/notifications/centre/journal.ts';
import { memoryPersistence } from '../../src/notifications/centre/idbPersistence.ts';
import { NotificationsProvider } from '../../src/notifications/NotificationsProvider.tsx';
import { RaNotificationBridge } from '../../src/notifications/RaNotificationBridge.tsx';
import { createSignalPrefsStore } from '../../src/notifications/signalPrefs.ts';
import { fakeApi, json, writes, type SeenRequest } from '../support/fakeFetch.ts';
import { allowKnownReactAdminWarnings, renderKit, resetKit } from './kitHarness.tsx';

const Gadget = z.object({
  gadgetName: z.string('a gadget needs a name').min(1, 'a gadget needs a name'),
  size: z.number('a whole number').int().min(1, 'at least 1'),
});
type GadgetRecord = z.infer<typeof Gadget> & { id: string };

const gadgets = defineResource<GadgetRecord>({
  name: 'settings/gadgets',
  label: 'Gadgets',
  recordLabel: 'gadget',
  idField: 'gadgetName',
  icon: WidgetsIcon,
  access: { list: 'any', show: 'none', create: 'admin', edit: 'admin', delete: 'admin' },
  api: { record: 'gadgets' },
  defaultSort: { field: 'gadgetName', order: 'ASC' },
  views: async () => ({
    columns: [
      { source: 'gadgetName', label: 'Gadget' },
      { source: 'size', label: 'Size' },
    ],
    fields: [
      { source: 'gadgetName', label: 'Gadget name', kind: 'text', fixedOnEdit: true },
      { source: 'size', label: 'Size', kind: 'number' },
    ],
    validate: zodValidate(Gadget),
  }),
  recordRepresentation: (g) => g.gadgetName,
});

function gadgetServer() {
  const rows = new Map<string, Record<string, unknown>>([['g1', { gadgetName: 'g1', size: 2 }]]);
  const route = (r: SeenRequest) => {
    const [, base, name] = r.path.split('/');
    if (base !== 'gadgets') return undefined;
    if (r.method === 'GET' && name === undefined) {
      const all = [...rows.values()];
      return json(all, { headers: { 'content-range': `gadgets 0-${Math.max(0, all.length - 1)}/${all.length}` } });
    }
    const id = decodeURIComponent(name ?? '');
    if (r.method === 'GET') return rows.has(id) ? json(rows.get(id)) : json({ error: 'no such gadget' }, { status: 404 });
    if (r.method === 'DELETE') {
      rows.delete(id);
      return json({ ok: true });
    }
    const body = r.body as Record<string, unknown>;
    rows.set(String(body.gadgetName), body);
    return json(body);
  };
  return { rows, api: fakeApi(route) };
}

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

/** The signed-in frame's toast area around the screens, with its own record and preferences. */
function WithToasts({ children }: { children?: ReactNode }) {
  return (
    <NotificationsProvider
      journal={createJournal({ persistence: memoryPersistence(), marks: memoryStorage(), schedule: (flush) => flush() })}
      prefs={createSignalPrefsStore(memoryStorage())}
    >
      <RaNotificationBridge />
      {children}
    </NotificationsProvider>
  );
}

/** The texts of the toasts on screen. */
const toastTexts = () => [...document.querySelectorAll('.console-toasts [role="status"], .console-toasts [role="alert"]')].map((t) => t.textContent);

const open = (path: string) => {
  const server = gadgetServer();
  renderKit(path, { api: server.api, definitions: [...DEFINITIONS, gadgets], layout: WithToasts });
  return server;
};

beforeEach(allowKnownReactAdminWarnings);
afterEach(resetKit);

describe('feedback: the kit says what a save or delete did, naming the record', () => {
  it('a create says "Gadget g3 created."; the validation toast of the try before closes once it goes through', async () => {
    const user = userEvent.setup();
    const { api } = open('/settings/gadgets/create');
    const name = await screen.findByRole('textbox', { name: 'Gadget name' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts().some((t) => t?.includes('The form is not valid'))).toBe(true));
    // Filled at once: the validation toast closes by itself after 4 s, and this is about the save closing it.
    fireEvent.change(name, { target: { value: 'g3' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Size' }), { target: { value: '4' } });
    expect(toastTexts().some((t) => t?.includes('The form is not valid'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts().some((t) => t?.includes('Gadget g3 created.'))).toBe(true));
    expect(writes(api.requests)).toEqual([{ method: 'POST', path: '/gadgets', body: { gadgetName: 'g3', size: 4 } }]);
    expect(toastTexts().some((t) => t?.includes('The form is not valid'))).toBe(false);
  });

  it('an edit says "Gadget g1 saved."', async () => {
    const user = userEvent.setup();
    open('/settings/gadgets/g1');
    const size = await screen.findByRole('spinbutton', { name: 'Size' });
    await waitFor(() => expect(size).toHaveValue(2));
    await user.clear(size);
    await user.type(size, '8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts().some((t) => t?.includes('Gadget g1 saved.'))).toBe(true));
  });

  it('a refused save says the reason and no success', async () => {
    const user = userEvent.setup();
    // The refused call is logged to the console, as every failed call is; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = open('/settings/gadgets/g1');
    server.api.use((r) => (r.method === 'PUT' ? json({ error: 'gadget store unavailable' }, { status: 503 }) : undefined));
    const size = await screen.findByRole('spinbutton', { name: 'Size' });
    await waitFor(() => expect(size).toHaveValue(2));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/gadget store unavailable/)).toBeInTheDocument();
    expect(toastTexts().some((t) => t?.includes('saved.'))).toBe(false);
  });

  it('a delete asks once, then says "Gadget g1 deleted."', async () => {
    const user = userEvent.setup();
    const { api } = open('/settings/gadgets');
    await user.click(await screen.findByRole('button', { name: 'Delete g1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete gadget' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toastTexts().some((t) => t?.includes('Gadget g1 deleted.'))).toBe(true));
    expect(writes(api.requests)).toEqual([{ method: 'DELETE', path: '/gadgets/g1', body: undefined }]);
  });
});
