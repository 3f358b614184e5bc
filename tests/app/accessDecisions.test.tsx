// @vitest-environment jsdom
/**
 * §6 The parts of a screen only some roles are offered follow the access table: CAPABILITIES in
 * src/config/access.ts. Each is rendered for an Operator and an Admin, once as the table says and
 * once with its entry turned round, and appears exactly for the roles the entry allows. Each also has
 * the access of what it calls or opens, so the console never offers what the server refuses.
 */
import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { AdminContext, testDataProvider, usePermissions, type AuthProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CAPABILITIES,
  eventAccessOf,
  mayUse,
  pathAccessOf,
  type Access,
  type Capability,
} from '../../src/config/access.ts';
import { operationAt, settingAccessOf, type ApiMethod } from '../../src/contract/operations.ts';
import { ADMIN_ROLE, OPERATOR_ROLE } from '../../src/config/enums.ts';
import type { TradeJourneyDetail, TradeStep } from '../../src/contract/index.ts';
import { trades } from '../../src/screens/trades/index.ts';
import { txs } from '../../src/screens/txs/index.ts';
import AlertRulesSection from '../../src/widgets/AlertRules/AlertRulesSection.tsx';
import { UserLogFeed } from '../../src/widgets/UserLogFeed/UserLogFeed.tsx';
import TimelineScreen from '../../src/screens/timeline/TimelineScreen.tsx';
import { allowKnownReactAdminWarnings, renderKit, resetKit, type Role } from '../resources/kitHarness.tsx';
import { fakeApi as fakeFetchApi, json } from '../support/fakeFetch.ts';
import { fakeApi as fakeConsoleApi } from '../widgets/harness.tsx';

const ROLES: readonly Role[] = [OPERATOR_ROLE, ADMIN_ROLE];

/** §6 spelled out, not through the table's own rule: 'admin' is role exactly Admin, 'any' and 'public' anyone signed in. */
const expected = (access: Access, role: Role) => access !== 'admin' || role === ADMIN_ROLE;
const turnedRound = (access: Access): Access => (access === 'admin' ? 'any' : 'admin');

/** Runs `check` with the table's entry for `capability` set to `access`, then puts the entry back. */
async function withEntry(capability: Capability, access: Access, check: () => Promise<void>): Promise<void> {
  const table: Record<Capability, Access> = CAPABILITIES;
  const was = table[capability];
  table[capability] = access;
  try {
    await check();
  } finally {
    table[capability] = was;
  }
}

const asRole = (role: Role): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => role,
});

/** Says the role once react-admin has it: what the components read has settled by then. */
function RoleSettled() {
  const { permissions, isPending } = usePermissions();
  return isPending ? null : <span>signed in as {String(permissions)}</span>;
}

const settled = async (role: Role) => {
  await screen.findByText(`signed in as ${role}`);
  // Queries a component starts on that render go out in its effects.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 40));
  });
};

function renderAs(role: Role, dataProvider: ReturnType<typeof testDataProvider>, ui: ReactNode) {
  return render(
    <AdminContext dataProvider={dataProvider} authProvider={asRole(role)}>
      <RoleSettled />
      {ui}
    </AdminContext>,
  );
}

/** Home's user log feed: whether it asked the server for the user log (POST /logs/more), and said so. */
async function userLogFeedShown(role: Role): Promise<boolean> {
  const logsMore = vi.fn(async () => ({ data: [], total: 0 }));
  renderAs(role, { ...testDataProvider(), logsMore } as ReturnType<typeof testDataProvider>, <UserLogFeed />);
  await settled(role);
  const asked = logsMore.mock.calls.length > 0;
  expect(await screen.findByText(asked ? 'No operator actions yet' : 'Operator actions are listed for admins')).toBeInTheDocument();
  return asked;
}

function alertRulesApi() {
  const alertsApi = vi.fn(async (path: string) => (path.startsWith('/deliveries') ? { data: [] } : { destinations: [] }));
  return { ...fakeConsoleApi(), saveSharedAlertRules: vi.fn(async () => ({ ok: true })), alertsApi };
}

/** Preferences' alert rules: whether "Save for everyone" is offered. */
async function editRulesShown(role: Role): Promise<boolean> {
  renderAs(role, alertRulesApi(), <AlertRulesSection />);
  await settled(role);
  return screen.queryByRole('button', { name: 'Add rule' }) !== null;
}

const NOW = Date.now();
const ID = 'c6236cf6-a451-4605-9b8a-69a053c0ad24';
const step = (over: Partial<TradeStep>): TradeStep => ({
  txId: `${ID}:1`,
  side: 'buy',
  txType: 'Swap',
  network: 'Arbitrum',
  status: 'completed',
  hash: '0x3e7f46aa00000000000000000000000000000000000000000000000000bea97',
  createdAt: NOW - 120_000,
  updatedAt: NOW - 119_671,
  durationMs: 329,
  expectedMs: 300,
  ...over,
});
/** A trade stuck at its Bridge, pending 4 min 10 s where such steps take about a minute. */
const STUCK: TradeJourneyDetail = {
  tradeId: ID,
  tokenName: 'USDC',
  networkBuy: 'Arbitrum',
  networkSell: 'Ethereum',
  bridge: { name: 'stargate-eth-arb' },
  startedAt: NOW - 120_000,
  updatedAt: NOW - 100_000,
  currentStep: 1,
  state: 'stuck',
  expectedProfit: 1.196,
  amountIn: 4926.67,
  steps: [
    step({}),
    step({ txId: `${ID}:2`, txType: 'Bridge', status: 'pending', createdAt: NOW - 250_000, updatedAt: NOW - 250_000, durationMs: 250_000, expectedMs: 60_000 }),
  ],
};

/** A stuck trade's page: whether its operations (each opening /tx/new) are offered. */
async function tradeOperationsShown(role: Role): Promise<boolean> {
  const api = fakeFetchApi((r) => (r.method === 'GET' && r.path === `/trades/${ID}` ? json(STUCK) : undefined));
  const layout = ({ children }: { children?: ReactNode }) => (
    <>
      <RoleSettled />
      {children}
    </>
  );
  renderKit(`/tx/trades/${ID}`, { api, role, definitions: [txs, trades], layout });
  await screen.findByRole('alert', { name: 'Why it is stuck' });
  await settled(role);
  return screen.queryByRole('region', { name: 'Operations on this trade' }) !== null;
}

/** The timeline's kind filter: whether the operators' actions (the user log) are offered, and asked for. */
async function timelineActionsShown(role: Role): Promise<boolean> {
  const getTimeline = vi.fn(async (_request: { kinds?: readonly string[] }) => ({ provided: true, data: { data: [] } }));
  renderAs(role, { ...testDataProvider(), getTimeline } as ReturnType<typeof testDataProvider>, <TimelineScreen />);
  await settled(role);
  await screen.findByText('Nothing happened in this range.');
  const offered = screen.queryByRole('button', { name: 'Actions' }) !== null;
  const asked = getTimeline.mock.calls.some(([request]) => request.kinds?.includes('action') === true);
  expect(asked).toBe(offered);
  return offered;
}

interface Decision {
  capability: Capability;
  /** Where the console decides, and what it offers. */
  what: string;
  shownTo: (role: Role) => Promise<boolean>;
}

const DECISIONS: readonly Decision[] = [
  { capability: 'seeUserLogFeed', what: 'home\'s user log feed', shownTo: userLogFeedShown },
  { capability: 'editAlertRules', what: 'Preferences\' alert rules editor', shownTo: editRulesShown },
  { capability: 'seeActionsInTimeline', what: 'the timeline\'s operator actions', shownTo: timelineActionsShown },
  { capability: 'openTradeOperations', what: 'a stuck trade\'s operations', shownTo: tradeOperationsShown },
];

beforeEach(() => {
  allowKnownReactAdminWarnings();
  localStorage.clear();
});
afterEach(resetKit);

describe('§6 what a screen offers only to some roles is the access table\'s (CAPABILITIES)', () => {
  it('§6 every capability of the table is one the console decides with (and is tested below)', () => {
    expect(DECISIONS.map((d) => d.capability).sort()).toEqual(Object.keys(CAPABILITIES).sort());
  });

  it.each(ROLES)('§6 mayUse answers for %s as the table says, for every capability', (role) => {
    for (const capability of Object.keys(CAPABILITIES) as Capability[]) {
      expect(mayUse(capability, role), capability).toBe(expected(CAPABILITIES[capability], role));
    }
    expect(Object.keys(CAPABILITIES).some((c) => !mayUse(c as Capability, ''))).toBe(true);
  });

  it('§6 each capability has the access of what it calls or opens, which the server guards', () => {
    const api = (method: ApiMethod, url: string) => operationAt(method, url)?.access;
    const misc = operationAt('PUT', '/api/settings/misc');
    expect(misc).toBeDefined();
    const reliesOn: Record<Capability, (Access | undefined)[]> = {
      seeUserLogFeed: [api('POST', '/api/logs/more'), eventAccessOf('newUserLog'), pathAccessOf('/settings/userlogs')],
      editAlertRules: [misc && settingAccessOf(misc, 'alertRules')],
      seeActionsInTimeline: [api('POST', '/api/logs/more'), eventAccessOf('newUserLog'), pathAccessOf('/settings/userlogs')],
      openTradeOperations: [pathAccessOf('/tx/new'), ...['refund', 'force', 'unlock-nonce', 'manual'].map((op) => api('POST', `/api/txs/${op}`))],
    };
    for (const capability of Object.keys(reliesOn) as Capability[]) {
      expect(reliesOn[capability], capability).toEqual(reliesOn[capability].map(() => CAPABILITIES[capability]));
    }
  });
});

describe.each(DECISIONS)('§6 $what ($capability)', ({ capability, shownTo }) => {
  it.each(ROLES)('§6 is offered to %s exactly when the table\'s entry allows', async (role) => {
    expect(await shownTo(role)).toBe(expected(CAPABILITIES[capability], role));
  });

  it.each(ROLES)('§6 follows the entry for %s when the table says otherwise', async (role) => {
    const other = turnedRound(CAPABILITIES[capability]);
    await withEntry(capability, other, async () => {
      expect(await shownTo(role)).toBe(expected(other, role));
    });
  });
});
