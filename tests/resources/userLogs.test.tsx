// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserLog } from '../../src/contract/index.ts';
import { userLogs } from '../../src/screens/userLogs/definition.ts';
import { createLogPager } from '../../src/screens/userLogs/logPages.ts';
import { subjectOf } from '../../src/domain/logRules.ts';
import { fakeApi, json } from '../support/fakeFetch.ts';
import { allowKnownReactAdminWarnings, liveInit, nextFrame, renderKit, resetKit } from './kitHarness.tsx';
import { live } from './harness.tsx';

beforeEach(allowKnownReactAdminWarnings);
afterEach(resetKit);

const log = (id: string, time: number, user: string, action: string): UserLog => ({ id, time, user, action, details: { note: '<b>x</b>' } });
const rowsText = () => within(screen.getByRole('table', { name: 'User logs' })).getAllByRole('row').slice(1).map((r) => r.textContent ?? '');

interface Query {
  before?: number;
  limit?: number;
  user?: string;
  action?: string;
}

/** POST /logs/more answered from a fixed history (newest first), filtered as the server does. */
const answer = (all: readonly UserLog[], q: Query) => {
  const matching = all.filter((l) => (!q.user || l.user === q.user) && (!q.action || l.action === q.action || l.action.startsWith(`${q.action}.`)));
  const older = matching.filter((l) => q.before === undefined || l.time < q.before);
  return { data: older.slice(0, q.limit ?? 100), total: matching.length };
};

function serverLogs(all: readonly UserLog[]) {
  return fakeApi((r) => (r.method === 'POST' && r.path === '/logs/more' ? json(answer(all, r.body as Query)) : undefined));
}
const logQueries = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/logs/more').map((r) => r.body);

describe('/settings/userlogs', () => {
  it('lists the stored entries newest first with time, user, action, record and details', async () => {
    const api = serverLogs([log('2', 2000, 'bob', 'config.update'), log('1', 1000, 'ann', 'token.create')]);
    renderKit('/settings/userlogs', { api, definitions: [userLogs] });
    await waitFor(() => expect(rowsText()).toHaveLength(2));
    expect(logQueries(api)[0]).toEqual({ limit: 50 });
    expect(rowsText()[0]).toContain('config.update');
    expect(rowsText()[0]).toContain('1970-01-01');
    // Free-form details read in words (as text, not HTML), never as raw JSON.
    expect(rowsText()[1]).toContain('note: <b>x</b>');
    expect(rowsText()[1]).not.toMatch(/[{}"]/);
    expect(screen.getByRole('columnheader', { name: 'Time' })).toBeInTheDocument();
  });

  it('The user log (protocol): each entry reads as a sentence, and a record change lists its changed fields "field: old → new"', async () => {
    const changes = [
      { path: 'networkData.Base.decimals', from: 6, to: 18 },
      { path: 'networkData.Base.address', from: '0xa', to: '0xb' },
      { path: 'bridges', from: ['a'], to: ['a', 'b'] },
    ];
    const api = serverLogs([
      { id: '3', time: 3000, user: 'admin', action: 'token.update', details: { name: 'USDC', changes } },
      { id: '2', time: 2000, user: 'admin', action: 'settings.misc', details: { setting: 'sellOnly', from: false, to: true } },
      { id: '1', time: 1000, user: 'admin', action: 'service.restart', details: { service: 'worker', scaling: true, deploymentName: 'worker', namespace: 'worker' } },
    ]);
    renderKit('/settings/userlogs', { api, definitions: [userLogs] });
    await waitFor(() => expect(rowsText()).toHaveLength(3));
    const [token, sellOnly, restart] = rowsText();
    expect(token).toContain('admin changed token USDC: decimals on Base 6 → 18, address on Base 0xa → 0xb and 1 more');
    expect(token).toContain('decimals on Base: 6 → 18');
    expect(token).toContain('+1 more');
    expect(sellOnly).toContain('admin turned Sell Only on');
    expect(sellOnly).toContain('Sell Only: off → on');
    expect(restart).toContain('admin restarted worker (scaling: deployment worker in namespace worker)');
    expect(rowsText().join('')).not.toMatch(/[{}"]/);
  });

  it('with no filter and no entries it says "No user logs yet."; with a filter that matches nothing, "No user logs match."', async () => {
    const user = userEvent.setup();
    const api = serverLogs([]);
    renderKit('/settings/userlogs', { api, definitions: [userLogs] });
    expect(await screen.findByText('No user logs yet.')).toBeInTheDocument();
    expect(screen.queryByText('No user logs match.')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Action' }), 'token');
    expect(await screen.findByText('No user logs match.')).toBeInTheDocument();
    expect(screen.queryByText('No user logs yet.')).toBeNull();
  });

  it('The user log (protocol): the time range goes to the server as from/to (ms) and bounds the live feed too', async () => {
    const read = createLogPager();
    const queries: Query[] = [];
    const liveLogs = [log('l2', 5000, 'ann', 'a'), log('l1', 1500, 'ann', 'a')];
    const page = await read(
      { pagination: { page: 1, perPage: 10 }, filter: { from: 1000, to: 2000 } },
      { logsMore: async (q) => (queries.push(q), { data: [], total: 0 }), live: () => liveLogs },
    );
    expect(queries).toEqual([{ limit: 10, from: 1000, to: 2000 }]);
    expect(page.data.map((l) => l.id)).toEqual(['l1']);
    // As the time inputs keep the range: ISO UTC text, sent as ms.
    await read(
      { pagination: { page: 1, perPage: 10 }, filter: { from: new Date(1000).toISOString(), to: new Date(2000).toISOString() } },
      { logsMore: async (q) => (queries.push(q), { data: [], total: 0 }), live: () => [] },
    );
    expect(queries.at(-1)).toEqual({ limit: 10, from: 1000, to: 2000 });
    // An end before the start asks nothing and shows nothing.
    expect(await read({ pagination: { page: 1, perPage: 10 }, filter: { from: 3000, to: 2000 } }, { logsMore: async () => ({ data: liveLogs, total: 2 }), live: () => [] })).toEqual({ data: [], total: 0 });
  });

  it('the live feed shows without reload, and the user and action filters ask the server', async () => {
    const user = userEvent.setup();
    const history = [log('2', 2000, 'bob', 'config.update'), log('1', 1000, 'ann', 'token.create')];
    const api = serverLogs(history);
    await liveInit();
    renderKit('/settings/userlogs', { api, definitions: [userLogs] });
    await waitFor(() => expect(rowsText()).toHaveLength(2));
    // A new entry on the socket (not yet in the server's answer here) refreshes the list.
    await live({ userLogs: [log('3', 3000, 'ann', 'pins.update')] });
    await nextFrame();
    await waitFor(() => expect(rowsText()[0]).toContain('pins.update'), { timeout: 3000 });
    await user.type(screen.getByRole('textbox', { name: 'Action' }), 'token');
    await waitFor(() => expect(rowsText()).toHaveLength(1));
    expect(rowsText()[0]).toContain('token.create');
    expect(logQueries(api).at(-1)).toEqual({ limit: 50, action: 'token' });
    await user.type(screen.getByRole('textbox', { name: 'User' }), 'bob');
    await waitFor(() => expect(logQueries(api).at(-1)).toEqual({ limit: 50, user: 'bob', action: 'token' }));
    await waitFor(() => expect(screen.getByText('No user logs match.')).toBeInTheDocument());
  });

  it('an entry opens as JSON, as text (a secondary "Raw details")', async () => {
    const user = userEvent.setup();
    renderKit('/settings/userlogs', { api: serverLogs([log('1', 1000, 'ann', 'token.create')]), definitions: [userLogs] });
    await user.click(await screen.findByRole('button', { name: 'Raw details of token.create by ann' }));
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

describe('user log pages over POST /logs/more', () => {
  // 7 entries, two pairs sharing a time across page boundaries.
  const history = [log('g', 70, 'ann', 'a'), log('f', 60, 'ann', 'a'), log('e', 50, 'ann', 'a'), log('d', 50, 'ann', 'a'), log('c', 30, 'ann', 'a'), log('b', 20, 'ann', 'a'), log('a', 20, 'ann', 'a')];

  function source(liveLogs: readonly UserLog[] = []) {
    const queries: Query[] = [];
    return {
      queries,
      logsMore: async (q: Query) => {
        queries.push(q);
        return answer(history, q);
      },
      live: () => liveLogs,
    };
  }
  const ids = (page: { data: readonly UserLog[] }) => page.data.map((l) => l.id).join('');

  it('page N starts before the last time of page N-1, skipping what was shown at that time; no entry lost or repeated', async () => {
    const read = createLogPager();
    const s = source();
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await read({ pagination: { page, perPage: 3 }, filter: {} }, s));
    expect(pages.map(ids)).toEqual(['gfe', 'dcb', 'a']);
    expect(pages[0]?.total).toBe(7);
    expect(s.queries).toEqual([{ limit: 3 }, { limit: 4, before: 51 }, { limit: 4, before: 21 }]);
  });

  it('a jump to a later page walks the pages between; the filters go to the server', async () => {
    const read = createLogPager();
    const s = source();
    expect(ids(await read({ pagination: { page: 3, perPage: 2 }, filter: { user: 'ann', action: ' a ' } }, s))).toBe('cb');
    expect(s.queries.map((q) => q.before)).toEqual([undefined, 61, 51]);
    expect(s.queries.every((q) => q.user === 'ann' && q.action === 'a')).toBe(true);
  });

  it('the live feed is merged in, each id once, filtered as the server filters', async () => {
    const read = createLogPager();
    const s = source([log('h', 80, 'bob', 'token.update'), log('g', 70, 'ann', 'a')]);
    expect(ids(await read({ pagination: { page: 1, perPage: 3 }, filter: {} }, s))).toBe('hgf');
    expect(ids(await read({ pagination: { page: 1, perPage: 3 }, filter: { action: 'token' } }, s))).toBe('h');
  });
});

describe('CSV exports: exports of kit lists are formula-escaped', () => {
  it("the user log's Export writes an Operator's =HYPERLINK command as text, not a formula", async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      if (blob instanceof Blob) blobs.push(blob);
      return 'blob:export';
    };
    try {
      const evil = '=HYPERLINK("http://evil.example","Session expired")';
      const api = serverLogs([{ id: '1', time: 1000, user: 'operator', action: 'command', details: { to: 'sim', cmd: evil } }]);
      renderKit('/settings/userlogs', { api, definitions: [userLogs] });
      await waitFor(() => expect(rowsText()).toHaveLength(1));
      await user.click(screen.getByRole('button', { name: /export/i }));
      await waitFor(() => expect(blobs).toHaveLength(1));
      const csv = await blobs[0]!.text();
      expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Session expired"")"`);
      expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
    } finally {
      URL.createObjectURL = createObjectURL;
    }
  });
});
