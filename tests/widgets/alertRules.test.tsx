// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, type AuthProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_EVALUATE_MS, ALERT_RULES_STORAGE_KEY, TXS_LEFT_DANGER } from '../../src/config/alerts.ts';
import type { AlertRule } from '../../src/contract/alertRules.ts';
import { NotificationsProvider } from '../../src/notifications/NotificationsProvider.tsx';
import type { Toaster } from '../../src/notifications/toaster.ts';
import { liveStore } from '../../src/realtime/liveStore.ts';
import { initialLiveState, type LiveState } from '../../src/realtime/liveState.ts';
import AlertRulesSection from '../../src/widgets/AlertRules/AlertRulesSection.tsx';
import { AlertWatch } from '../../src/widgets/AlertRules/AlertWatch.tsx';
import { alertToastId, createAlertWatch } from '../../src/widgets/AlertRules/watchAlerts.ts';
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
const TEXT = /^Balance on Base below 0\.5 ETH \(now /;

function fakeToaster() {
  const open = new Map<string, unknown>();
  const toaster: Pick<Toaster, 'show' | 'close'> = {
    show: vi.fn((message, { id }) => void open.set(id ?? '', message)),
    close: vi.fn((id: string) => void open.delete(id)),
  };
  return { toaster, open };
}

describe('alert rules at work: one warning toast per firing, closed when the rule clears', () => {
  it('raises one toast for a rule that starts firing, none for more low balances, and closes it when the balance is healthy again', () => {
    const { toaster, open } = fakeToaster();
    let state: LiveState = { ...initialLiveState(), balance: { Base: 1.1 } };
    const evaluate = createAlertWatch({ toaster, getState: () => state, storedRules: () => JSON.stringify([BASE_LOW]), now: () => 0 });

    evaluate();
    expect(toaster.show).not.toHaveBeenCalled();
    for (const balance of [0.01, 0.02, 0.03]) {
      state = { ...state, balance: { Base: balance } };
      evaluate();
    }
    expect(toaster.show).toHaveBeenCalledTimes(1);
    expect(toaster.show).toHaveBeenCalledWith('Balance on Base below 0.5 ETH (now 0.01 ETH)', expect.objectContaining({ variant: 'warning', autoHideDuration: null, kind: 'alert' }));
    expect([...open.keys()]).toHaveLength(1);

    state = { ...state, balance: { Base: 3 } };
    evaluate();
    expect(toaster.close).toHaveBeenCalledTimes(1);
    expect([...open.keys()].filter((id) => id.startsWith('alert:'))).toEqual([]);
    // The end is said too, under a kind of its own (the centre tells how the alert ended).
    expect(toaster.show).toHaveBeenLastCalledWith('Resolved: Balance on Base below 0.5 ETH (now 0.03 ETH)', expect.objectContaining({ variant: 'success', kind: 'alertResolved' }));
    // It fires again the next time the balance is low: a new toast.
    state = { ...state, balance: { Base: 0.2 } };
    evaluate();
    expect(vi.mocked(toaster.show).mock.calls.filter(([, options]) => options.kind === 'alert')).toHaveLength(2);
  });

  it('evaluates the rules an Admin saved for everyone (misc settings) as well; the same rule in both fires once', () => {
    const { toaster } = fakeToaster();
    const gas: AlertRule = { kind: 'gasAbove', network: 'Ethereum', above: 40 };
    const state: LiveState = { ...initialLiveState(), balance: { Base: 0.1 }, gasEstimate: { Ethereum: 50 }, miscSettings: { alertRules: [BASE_LOW, gas] } };
    createAlertWatch({ toaster, getState: () => state, storedRules: () => JSON.stringify([BASE_LOW]), now: () => 0 })();
    expect(vi.mocked(toaster.show).mock.calls.map(([message]) => message)).toEqual([
      'Balance on Base below 0.5 ETH (now 0.1 ETH)',
      'Gas estimate on Ethereum above 40 (now 50)',
    ]);
  });

  it('drops rules stored or shared that are not valid with a console warning, and keeps evaluating the others', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { toaster } = fakeToaster();
    const state: LiveState = { ...initialLiveState(), balance: { Base: 0.1 }, miscSettings: { alertRules: [{ kind: 'balanceBelow', below: -1 }] } };
    const evaluate = createAlertWatch({ toaster, getState: () => state, storedRules: () => '{not json', now: () => 0 });
    expect(() => evaluate()).not.toThrow();
    evaluate();
    expect(toaster.show).not.toHaveBeenCalled();
    // Each bad source is reported once, not on every evaluation.
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls.map(([text]) => text)).toEqual([
      'The alert rules stored in this browser are not valid and are ignored:',
      'The alert rules saved for everyone are not valid and are ignored:',
    ]);
    warn.mockRestore();
  });

  it('gives each rule its own toast id, so clearing one leaves the others', () => {
    const { toaster } = fakeToaster();
    let state: LiveState = { ...initialLiveState(), balance: { Base: 0.1 }, gasEstimate: { Ethereum: 50 } };
    const gas: AlertRule = { kind: 'gasAbove', network: 'Ethereum', above: 40 };
    const evaluate = createAlertWatch({ toaster, getState: () => state, storedRules: () => JSON.stringify([BASE_LOW, gas]), now: () => 0 });
    evaluate();
    state = { ...state, gasEstimate: { Ethereum: 30 } };
    evaluate();
    const ids = vi.mocked(toaster.show).mock.calls.filter(([, options]) => options.kind === 'alert').map(([, options]) => options.id);
    expect(new Set(ids).size).toBe(2);
    expect(toaster.close).toHaveBeenCalledWith(ids[1]);
    expect(ids[0]).toMatch(/^alert:/);
    expect(alertToastId('x')).toBe('alert:x');
  });
});

describe('<AlertWatch/> in the toast area', () => {
  beforeEach(async () => {
    await resetLive();
    localStorage.setItem(ALERT_RULES_STORAGE_KEY, JSON.stringify([BASE_LOW]));
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.useRealTimers();
  });

  it('a balance rule fires once (one toast with the rule\'s text, whatever more low balances arrive) and clears itself', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    render(
      <NotificationsProvider>
        <AlertWatch />
      </NotificationsProvider>,
    );
    const tick = () =>
      act(async () => {
        vi.advanceTimersByTime(ALERT_EVALUATE_MS);
      });
    liveStore.update(() => ({ balance: { Base: 1.1 } }));
    await tick();
    expect(screen.queryByText(TEXT)).toBeNull();

    for (const balance of [0.01, 0.02]) {
      liveStore.update(() => ({ balance: { Base: balance } }));
      await tick();
    }
    expect(await screen.findAllByText(TEXT)).toHaveLength(1);
    expect(screen.getByText('Balance on Base below 0.5 ETH (now 0.01 ETH)')).toBeInTheDocument();

    liveStore.update(() => ({ balance: { Base: 3 } }));
    await tick();
    await waitFor(() => expect(screen.queryByText(TEXT)).toBeNull());
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

describe('Preferences: Alert rules section', () => {
  beforeEach(async () => {
    await resetLive();
    localStorage.clear();
  });
  afterEach(cleanup);

  it('adds a rule to this browser from labelled fields, says what is wrong beside the value, removes it', async () => {
    renderWidget(<AlertRulesSection />);
    const form = screen.getByRole('form', { name: 'New alert rule' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    expect(await within(form).findByText('Enter a number above 0, such as 0.5')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Balance below' })).toHaveAttribute('aria-invalid', 'true');

    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Network' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Base' }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Balance below' }), { target: { value: '0.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));

    const list = await screen.findByRole('list', { name: 'Alert rules of this browser' });
    expect(within(list).getByText('Balance on Base below 0.5 ETH')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(ALERT_RULES_STORAGE_KEY) ?? '[]')).toEqual([BASE_LOW]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove rule: Balance on Base below 0.5 ETH' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Alert rules of this browser' })).toBeNull());
    expect(JSON.parse(localStorage.getItem(ALERT_RULES_STORAGE_KEY) ?? 'null')).toEqual([]);
  });

  it('shows the rules saved for everyone; only an Admin may save this browser\'s rules for everyone, after confirming', async () => {
    localStorage.setItem(ALERT_RULES_STORAGE_KEY, JSON.stringify([BASE_LOW]));
    // What the server fires now, from its delivery log (Admin only, docs/protocol.md "Alerts
    // delivery").
    const alertsApi = vi.fn(async (path: string) =>
      path.startsWith('/deliveries')
        ? {
            data: [
              { id: '2', at: Date.UTC(2026, 10, 26, 3, 12), destinationId: 'tg', rule: 'Balance on Base below 0.5 ETH', status: 'firing', text: 'FIRING: …', ok: false, attempts: 1, error: '401 Unauthorized' },
              { id: '1', at: Date.UTC(2026, 10, 26, 3, 12), destinationId: 'hook', rule: 'Balance on Base below 0.5 ETH', status: 'firing', text: 'FIRING: …', ok: true, attempts: 1 },
            ],
          }
        : {
            destinations: [
              { id: 'hook', name: 'Ops webhook', kind: 'webhook', enabled: true, url: 'https://relay.example/hook' },
              { id: 'tg', name: 'Telegram on-call', kind: 'telegram', enabled: true, chatId: '1', botToken: '••••abcd' },
            ],
          },
    );
    const api = { ...fakeApi(), saveSharedAlertRules: vi.fn(async () => ({ ok: true })), alertsApi };
    const asOperator = render(
      <AdminContext dataProvider={api} authProvider={asRole('Operator')}>
        <AlertRulesSection />
      </AdminContext>,
    );
    await live({ miscSettings: { alertRules: [{ kind: 'noEvents', seconds: 30 }] } });
    const shared = await screen.findByRole('list', { name: 'Alert rules for everyone' });
    expect(within(shared).getByText('Nothing from the server for longer than 30 s')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save for everyone' })).toBeNull();
    expect(screen.queryByText('Firing on the server now')).toBeNull();
    expect(alertsApi).not.toHaveBeenCalled();
    asOperator.unmount();

    render(
      <AdminContext dataProvider={api} authProvider={asRole('Admin')}>
        <AlertRulesSection />
      </AdminContext>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Save for everyone' }));
    const confirm = await screen.findByRole('dialog', { name: 'Save for everyone?' });
    expect(api.saveSharedAlertRules).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.saveSharedAlertRules).toHaveBeenCalledWith([BASE_LOW]));
    expect(await screen.findByText('Saved for everyone.')).toBeInTheDocument();
    const firing = await screen.findByRole('list', { name: 'Rules firing on the server' });
    expect(within(firing).getByText(/^Balance on Base below 0.5 ETH, since 2026-11-26 /)).toBeInTheDocument();
    expect(within(firing).getByText('not delivered to Telegram on-call (401 Unauthorized); delivered to Ops webhook')).toBeInTheDocument();
  });
});
