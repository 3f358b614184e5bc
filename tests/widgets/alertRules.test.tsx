// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, type AuthProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_RULES_STORAGE_KEY, TXS_LEFT_DANGER } from '../../src/config/alerts.ts';
import type { Alert } from '../../src/contract/alerts.ts';
import type { AlertRule } from '../../src/contract/alertRules.ts';
import { derivedRuleId } from '../../src/domain/alertRules.ts';
import type { SignalJournal } from '../../src/notifications/centre/journal.ts';
import { NotificationsProvider, useSignals } from '../../src/notifications/NotificationsProvider.tsx';
import AlertRulesSection from '../../src/widgets/AlertRules/AlertRulesSection.tsx';
import { AlertToasts } from '../../src/widgets/AlertToasts/AlertToasts.tsx';
import { StatusLine } from '../../src/widgets/StatusLine/StatusLine.tsx';
import { NetworkStats } from '../../src/widgets/NetworkStats/NetworkStats.tsx';
import { brainState, fakeApi, live, renderWidget, resetLive } from './harness.tsx';

const asRole = (role: string): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => role,
});

const BASE_LOW: AlertRule = { kind: 'balanceBelow', network: 'Base', below: 0.5, unit: 'native' };
const NOW = Date.now();
const alert = (over: Partial<Alert> = {}): Alert => ({
  id: 'a1',
  ruleId: 'low-base',
  kind: 'balanceBelow',
  severity: 'critical',
  subject: { type: 'network', name: 'Base' },
  state: 'firing',
  text: 'Base balance 0.01 ETH is below 0.50 ETH',
  value: 0.01,
  threshold: 0.5,
  startedAt: NOW,
  firingAt: NOW,
  history: [],
  ...over,
});

describe('docs/protocol.md "Alerts lifecycle": a firing alert is a toast until it resolves', () => {
  beforeEach(resetLive);
  afterEach(cleanup);

  it('raises one toast per firing alert (not for a pending or silenced one), and closes it when the alert resolves', async () => {
    let journal: SignalJournal | undefined;
    function Journal() {
      journal = useSignals().journal;
      return null;
    }
    render(
      <MemoryRouter>
        <NotificationsProvider>
          <AlertToasts />
          <Journal />
        </NotificationsProvider>
      </MemoryRouter>,
    );
    await live({ alerts: new Map([['a1', alert()], ['a2', alert({ id: 'a2', state: 'pending', text: 'Pending one' })], ['a3', alert({ id: 'a3', silenceId: 's', text: 'Silenced one' })]]) });
    expect(await screen.findAllByText('Base balance 0.01 ETH is below 0.50 ETH')).toHaveLength(1);
    expect(screen.queryByText('Pending one')).toBeNull();
    expect(screen.queryByText('Silenced one')).toBeNull();
    // The same alert changing (acknowledged) raises nothing new.
    await live({ alerts: new Map([['a1', alert({ ack: { by: 'bob', at: NOW } })]]) });
    expect(screen.getAllByText('Base balance 0.01 ETH is below 0.50 ETH')).toHaveLength(1);
    await live({ alerts: new Map() });
    await waitFor(() => expect(screen.queryByText('Base balance 0.01 ETH is below 0.50 ETH')).toBeNull());
    // The end is said too, under a kind of its own (by default in the bell only: the centre tells how the alert ended).
    await waitFor(() =>
      expect(journal?.getView().entries.map((e) => [e.kind, e.text])).toContainEqual(['alertResolved', 'Resolved: Base balance 0.01 ETH is below 0.50 ETH']),
    );
  });
});

describe('the status line: what is wrong now, worst first, each a link', () => {
  beforeEach(resetLive);
  afterEach(cleanup);

  it('leaves "Waiting for the live state…" as soon as the live state arrives, not a tick later', async () => {
    render(
      <MemoryRouter>
        <StatusLine />
      </MemoryRouter>,
    );
    const line = screen.getByRole('region', { name: 'Status' });
    expect(line).toHaveTextContent('Waiting for the live state…');
    await live({ initialised: true, connection: 'connected' });
    // Within a frame or two: the once-a-second tick would take up to 1,000 ms.
    await waitFor(() => expect(line).toHaveTextContent(/^All clear since /), { timeout: 300 });
  });

  it('says all is clear with its time, then names the firing alert (and who is on it) and the service that is down', async () => {
    render(
      <MemoryRouter>
        <StatusLine />
      </MemoryRouter>,
    );
    await live({ initialised: true, connection: 'connected' });
    const line = screen.getByRole('region', { name: 'Status' });
    await waitFor(() => expect(line).toHaveTextContent(/^All clear since /));
    await live({
      alerts: new Map([['a1', alert({ ack: { by: 'bob', at: NOW } })]]),
      connectedServices: { numConnected: 7, numExpected: 8, services: [{ name: 'eventer', connected: false, lastSeenAt: NOW - 120_000 }] },
    });
    const list = await within(line).findByRole('list', { name: 'What is wrong now' }, { timeout: 3000 });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Base balance 0.01 ETH is below 0.50 ETH (acknowledged by bob)', '/alerts/a1'],
      [expect.stringMatching(/^Service eventer down for 2 min( \d+ s)?$/), '/'],
    ]);
  });
});

describe('§1 home Gas and balances: Pays for ≈ N txs', () => {
  beforeEach(resetLive);
  afterEach(cleanup);

  it(`shows how many transactions the balance pays for at the current gas, in the danger colour under ${TXS_LEFT_DANGER}, '–' when unknown`, async () => {
    renderWidget(<NetworkStats />);
    // Ethereum: 12 gwei × 300,000 gas = 0.0036 ETH a transaction; Base: 0.05 ETH at 20 gwei = 8 txs.
    await live({ gasEstimate: { Ethereum: 12, Base: 20, Solana: 0.05 }, balance: { Ethereum: 3, Base: 0.05, Solana: 35, Polygon: 100 }, brainState: brainState() });
    expect(screen.getByRole('columnheader', { name: 'Pays for' })).toBeInTheDocument();
    const cell = (network: string) => within(screen.getByRole('row', { name: new RegExp(`^${network} `) })).getAllByRole('cell').at(-1)!;
    expect(cell('Ethereum')).toHaveTextContent('≈ 833 txs');
    expect(cell('Ethereum')).not.toHaveAttribute('data-low');
    expect(cell('Base')).toHaveTextContent('≈ 8 txs (low)');
    expect(cell('Base')).toHaveAttribute('data-low', 'true');
    expect(cell('Solana')).toHaveTextContent('–');
    expect(cell('Polygon')).toHaveTextContent('–');
  });
});

describe('Preferences: Alert rules section (rules live on the server only)', () => {
  beforeEach(async () => {
    await resetLive();
    localStorage.clear();
  });
  afterEach(cleanup);

  it('an Admin adds a rule from labelled fields (saved to the server), is told what is wrong beside the value, removes one after confirming', async () => {
    const api = { ...fakeApi(), saveSharedAlertRules: vi.fn(async () => ({ ok: true })) };
    render(
      <AdminContext dataProvider={api} authProvider={asRole('Admin')}>
        <AlertRulesSection />
      </AdminContext>,
    );
    await live({ miscSettings: { alertRules: [{ kind: 'noEvents', seconds: 30, id: 'quiet' }] } });
    const form = await screen.findByRole('form', { name: 'New alert rule' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    expect(await within(form).findByText('Enter a number above 0, such as 0.5')).toBeInTheDocument();
    expect(api.saveSharedAlertRules).not.toHaveBeenCalled();

    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Network' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Base' }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Balance below' }), { target: { value: '0.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    await waitFor(() =>
      expect(api.saveSharedAlertRules).toHaveBeenCalledWith([{ kind: 'noEvents', seconds: 30, id: 'quiet' }, { ...BASE_LOW, severity: 'warning' }]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove rule: Nothing from the trading system for longer than 30 s · Warning' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Remove this alert rule?' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.saveSharedAlertRules).toHaveBeenLastCalledWith([]));
  });

  it('an Operator reads the rules and cannot change them', async () => {
    render(
      <AdminContext dataProvider={fakeApi()} authProvider={asRole('Operator')}>
        <AlertRulesSection />
      </AdminContext>,
    );
    await live({ miscSettings: { alertRules: [{ kind: 'noEvents', seconds: 30 }] } });
    const list = await screen.findByRole('list', { name: 'Alert rules' });
    expect(within(list).getByText('Nothing from the trading system for longer than 30 s · Warning')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New alert rule' })).toBeNull());
    expect(screen.queryByRole('button', { name: /^Remove rule/ })).toBeNull();
  });

  it('rules a browser kept of its own are offered once for saving to the server, then leave the browser', async () => {
    localStorage.setItem(ALERT_RULES_STORAGE_KEY, JSON.stringify([BASE_LOW]));
    const api = { ...fakeApi(), saveSharedAlertRules: vi.fn(async () => ({ ok: true })) };
    render(
      <AdminContext dataProvider={api} authProvider={asRole('Admin')}>
        <AlertRulesSection />
      </AdminContext>,
    );
    const offer = await screen.findByRole('alert', { name: 'Alert rules kept in this browser' });
    expect(offer).toHaveTextContent('This browser kept a rule of its own: Balance on Base below 0.50 ETH.');
    fireEvent.click(await within(offer).findByRole('button', { name: 'Save them to the server' }));
    await waitFor(() => expect(api.saveSharedAlertRules).toHaveBeenCalledWith([BASE_LOW]));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Alert rules kept in this browser' })).toBeNull());
    expect(localStorage.getItem(ALERT_RULES_STORAGE_KEY)).toBeNull();
    expect(derivedRuleId(BASE_LOW)).toMatch(/^r-/);
  });
});
