/**
 * Every operator control pressed in Chromium against the reference server, with the whole signed-in
 * frame mounted, so that a fault only the whole frame shows (a toast loop freezing the tab on the
 * first useNotify, say) fails here.
 *
 * CONTROLS is the one table of them: how an operator reaches and presses each (route, accessible
 * names, the confirmation's answer), the request the server must receive, the server's own record
 * (the user log) and what the operator sees. A control without an entry has no test, and the
 * inventory test at the end names any control on screen that the table does not press.
 *
 * Each control is pressed three times: refused by the server itself with a 409, then with a 503
 * (the simulator's `refuse` control, server/src/sim/refusals.ts: the real server answers, nothing is
 * mocked), each time showing the server's reason; then accepted. After every press the page must
 * still answer within ANSWER_MS. One signed-in page per role serves the whole file.
 */
import type { Browser, Locator, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES, WORKER_COMMANDS, type Service, type WorkerCommand } from '../../src/config/enums.ts';
import { DEMO_AWS_GROUPS, DEMO_BRAIN_STATE } from '../../server/src/db/demoData.ts';
import { adminKey, apiAs, hasChromium, launchBrowser, newSession, operatorKey, pressIfStillThere, signIn, type Session, stillAnswers } from './browser.ts';

type Api = Awaited<ReturnType<typeof apiAs>>;
type Role = 'Admin' | 'Operator';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Values known only once the run has made them, written `{name}` in the table: a token of this run,
 * a sell of it (its tradeId) and a seeded tx (txId).
 */
interface Fixtures {
  token: string;
  tradeId: string;
  txId: string;
}

/** Where a step looks: inside a dialog, a form, a region or a table of that accessible name. */
interface Scope {
  dialog?: string;
  form?: string;
  region?: string;
  table?: string;
}

/** One thing the operator does, by role and accessible name; `confirm` answers Yes in the dialog of that title. */
type Step =
  | ({ press: string | RegExp } & Scope)
  | ({ flip: string } & Scope)
  | ({ fill: string; value: string } & Scope)
  | ({ choose: string; option: string } & Scope)
  | { tab: string }
  | { confirm: string };

/**
 * What the operator sees once the server accepted: a text (exact, or its start), a labelled element, a
 * switch's state, or a button gone (its record deleted).
 */
type Seen = { text: string } | { textStarting: string } | { label: string } | { switch: string; checked: boolean } | { gone: string };

interface Control {
  /** The test name: the rule it checks. */
  name: string;
  role: Role;
  route: string;
  /** Reaching and pressing the control from the route. */
  steps: Step[];
  /** Pressing it again after a refusal, when what is on screen is kept (an open dialog, a filled form). */
  retry?: Step[];
  request: { method: Method; path: string; body?: unknown };
  /** The user log the server writes for it; none for a read. */
  log?: { action: string; details?: Record<string, unknown> };
  seen: Seen;
  /** The start of the failure message, which goes on ": <the server's reason>". */
  refused: string;
  /** Puts the server in the state the control starts from. */
  before?: (admin: Api) => Promise<void>;
}

const ANSWER_MS = 2000;
/** Controls wait for live state (the brain state, a route search): enabled within this. */
const ENABLED_MS = 20_000;
const REFUSALS = [
  { status: 409, reason: 'another operator’s request for it is still running' },
  { status: 503, reason: 'service unavailable, try again shortly' },
] as const;

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const COMMAND_LABELS: Record<WorkerCommand, { label: string; confirm?: boolean }> = {
  saveStats: { label: 'Save stats' },
  newAnalyticsFile: { label: 'New analytics file' },
  saveStats2: { label: 'Save stats, second set' },
  newAnalyticsFile2: { label: 'New analytics file, second set' },
  requestNewWorker: { label: 'Request new worker', confirm: true },
  restartJupiter: { label: 'Restart Jupiter', confirm: true },
};

/** §7, written out here rather than read from the console's scalingTarget, so the rule itself is checked. */
function scalingBody(service: Service): { deploymentName: string; namespace: string } {
  return {
    deploymentName: service === 'transactions' ? 'tx-core' : service,
    namespace: service === 'worker' ? 'worker' : 'core',
  };
}

const WORKERS = { region: 'Worker controls' };
const ACTIONS = { dialog: 'Worker actions' };
const CLOUD_GROUPS = '/settings/cloudgroups';
const EDITED_TYPE = 'c7i.4xlarge';
/** The seeded groups with a bigger instance type in the first. */
const EDITED_GROUPS = DEMO_AWS_GROUPS.map((group, i) => (i === 0 ? { ...group, instanceType: EDITED_TYPE } : group));

const workerCommand = (cmd: WorkerCommand): Control => {
  const { label, confirm } = COMMAND_LABELS[cmd];
  return {
    name: `§2 §7 Worker actions: ${label}${confirm ? ', confirmed,' : ''} sends POST /command {to: "worker", cmd: "${cmd}"}`,
    role: 'Operator',
    route: '/',
    steps: [{ press: 'Worker actions', ...WORKERS }, { press: label, ...ACTIONS }, ...(confirm ? [{ confirm: `${label}?` }] : [])],
    request: { method: 'POST', path: '/api/command', body: { to: 'worker', cmd } },
    log: { action: 'command', details: { to: 'worker', cmd } },
    seen: { text: `${label}: done` },
    refused: `${label} failed`,
  };
};

/** The fixtures the running file made (set in its describe), for set-ups that renew one. */
let sellFixtures: Fixtures | undefined;

/**
 * A sell still pending, for the Edit sell controls: with the workers stopped a sell waits in the
 * queue (the simulator moves operators' sells on once they run, as the earlier Start left them).
 */
async function freshPendingSell(admin: Api): Promise<void> {
  if (!sellFixtures) throw new Error('no fixtures yet');
  expect((await admin('POST', '/workers/stop')).status).toBe(200);
  const sell = await admin('POST', '/txs/sell', { tokenName: sellFixtures.token, network: 'Base', amount: 10 });
  expect(sell.status).toBe(200);
  sellFixtures.tradeId = ((await sell.json()) as { tradeId: string }).tradeId;
}

const serviceRestart = (service: Service, scaling: boolean): Control => {
  const title = scaling ? `Scaling restart of ${service}` : `Restart ${service}`;
  // The restart dialog is the one confirmation: its button sends the restart.
  const press: Step[] = [{ press: scaling ? 'Scaling restart' : 'Restart', dialog: `Restart ${service}` }];
  const body = scaling ? scalingBody(service) : undefined;
  return {
    name: scaling
      ? `§7 Restart ${service} (scaling) sends {deploymentName: "${body?.deploymentName}", namespace: "${body?.namespace}"}`
      : `§7 Restart ${service} sends POST /services/${service}/restart with no body`,
    role: 'Operator',
    route: '/',
    steps: [{ press: new RegExp(`^Restart ${service} service \\(`), region: 'Service status' }, ...press],
    // A refused restart keeps its dialog open (its reason shown); closeToasts closes it with Escape
    // before the next try, which opens it again from the service's button.
    request: { method: 'POST', path: `/api/services/${service}/restart${scaling ? '/scaling' : ''}`, body },
    log: { action: 'service.restart', details: scaling ? { service, scaling: true, ...body } : { service } },
    seen: { text: `${service}: restart requested` },
    refused: `${title} failed`,
  };
};

const peerRestart = (kind: 'tx' | 'zmq', peer: string): Control => ({
  name: `§7 Restart ${kind} peer ${peer}, confirmed, sends POST /txs/peers/${peer}/restart`,
  role: 'Operator',
  route: '/',
  steps: [{ press: new RegExp(`restart ${kind} peer ${peer} \\(`), region: 'Service status' }, { confirm: `Restart peer ${peer}?` }],
  request: { method: 'POST', path: `/api/txs/peers/${peer}/restart` },
  log: { action: 'peer.restart', details: { peer } },
  seen: { text: `${peer}: restart requested` },
  refused: `Restart peer ${peer} failed`,
});

const pinToggle = (kind: 'pin' | 'autosell', pin: boolean): Control => {
  const name = kind === 'pin' ? 'Pin {token}' : 'Autosell pin {token}';
  const field = kind === 'pin' ? 'pinnedTokens' : 'autosellPins';
  const current = DEMO_BRAIN_STATE[field];
  const pins = pin ? [...current, '{token}'] : current;
  const what = kind === 'pin' ? 'pins' : 'autosell pins';
  return {
    name: `§3 §7 ${pin ? 'Pinning' : 'Unpinning'} a token${kind === 'pin' ? '' : ' for autosell'} sends PUT /txs/pins${kind === 'pin' ? '' : '/sell'} with the whole list of ${what}, the token ${pin ? 'added' : 'taken out'}`,
    role: 'Operator',
    route: '/tsettings/tokens',
    steps: [{ fill: 'Search', value: '{token}' }, { flip: name }],
    request: { method: 'PUT', path: kind === 'pin' ? '/api/txs/pins' : '/api/txs/pins/sell', body: pins },
    log: { action: kind === 'pin' ? 'pins.update' : 'pins.sell.update', details: { after: { [field]: pins } } },
    seen: { switch: name, checked: pin },
    refused: `${kind === 'pin' ? 'Pin' : 'Autosell pin'} of {token} failed`,
    // The pins start as seeded, whatever an earlier file changed, so the whole list sent is known.
    before: pin
      ? async (admin) => {
          expect((await admin('PUT', kind === 'pin' ? '/txs/pins' : '/txs/pins/sell', current)).status).toBe(200);
        }
      : undefined,
  };
};

/** A /tx/new operation: its tab, fields and submit button, the confirmation, the form kept on a refusal. */
const operation = (
  name: string,
  tab: string,
  fields: Step[],
  request: Control['request'],
  log: NonNullable<Control['log']>,
  seen: Seen,
): Control => {
  const form = `${tab} form`;
  const submit: Step[] = [{ press: `${tab}…`, form }, { confirm: `Confirm: ${tab}` }];
  return {
    name,
    role: 'Admin',
    route: '/tx/new',
    steps: [{ tab }, ...fields.map((step) => ({ ...step, form })), ...submit],
    retry: submit,
    request,
    log,
    seen,
    refused: `${tab} failed`,
  };
};

const CONTROLS: Control[] = [
  {
    name: '§2 §4 Start sends POST /workers/start; the badge reads working',
    role: 'Operator',
    route: '/',
    steps: [{ press: 'Start', ...WORKERS }],
    request: { method: 'POST', path: '/api/workers/start' },
    log: { action: 'workers.start', details: { after: { workersRunning: true, workersStartedBy: 'operator' } } },
    seen: { label: 'Workers working' },
    refused: 'Start workers failed',
    before: async (admin) => {
      expect((await admin('POST', '/workers/stop')).status).toBe(200);
    },
  },
  {
    name: '§2 §5 Sell Only sends PUT /settings/misc {updates: {sellOnly: true}}; the switch turns on',
    role: 'Operator',
    route: '/',
    steps: [{ flip: 'Sell Only', ...WORKERS }],
    request: { method: 'PUT', path: '/api/settings/misc', body: { updates: { sellOnly: true } } },
    log: { action: 'settings.misc', details: { after: { sellOnly: true } } },
    seen: { switch: 'Sell Only', checked: true },
    refused: 'Sell only failed',
    before: async (admin) => {
      expect((await admin('PUT', '/settings/misc', { updates: { sellOnly: false } })).status).toBe(200);
    },
  },
  ...WORKER_COMMANDS.map(workerCommand),
  {
    name: '§2 §7 Worker actions: Restart worker, confirmed, sends POST /services/worker/restart',
    role: 'Operator',
    route: '/',
    steps: [{ press: 'Worker actions', ...WORKERS }, { press: 'Restart worker', ...ACTIONS }, { confirm: 'Restart worker?' }],
    request: { method: 'POST', path: '/api/services/worker/restart' },
    log: { action: 'service.restart', details: { service: 'worker' } },
    seen: { text: 'Restart worker: done' },
    refused: 'Restart worker failed',
  },
  {
    name: '§2 §7 Worker actions: Scaling restart of worker, confirmed, sends {deploymentName: "worker", namespace: "worker"}',
    role: 'Operator',
    route: '/',
    steps: [{ press: 'Worker actions', ...WORKERS }, { press: 'Scaling restart of worker', ...ACTIONS }, { confirm: 'Scaling restart of worker?' }],
    request: { method: 'POST', path: '/api/services/worker/restart/scaling', body: { deploymentName: 'worker', namespace: 'worker' } },
    log: { action: 'service.restart', details: { service: 'worker', scaling: true, deploymentName: 'worker', namespace: 'worker' } },
    seen: { text: 'Scaling restart of worker: done' },
    refused: 'Scaling restart of worker failed',
  },
  ...SERVICES.flatMap((service) => [serviceRestart(service, false), serviceRestart(service, true)]),
  {
    // The single text input dialog (§2/§5) asks a service other than the worker for a command in
    // the operator's words; tests/e2e/serviceCommand.e2e.ts presses it with click().
    name: '§2 §5 §7 Send command… to brain: the text input dialog sends POST /command {to: "brain", cmd: "flush cache"}',
    role: 'Operator',
    route: '/',
    steps: [
      { press: /^Restart brain service \(/, region: 'Service status' },
      { press: 'Send command…', dialog: 'Restart brain' },
      { fill: 'Command', value: 'flush cache', dialog: 'Send a command to brain' },
      { press: 'Save', dialog: 'Send a command to brain' },
    ],
    // A refused command keeps its dialog (its reason under the field); closeToasts closes it with Escape.
    request: { method: 'POST', path: '/api/command', body: { to: 'brain', cmd: 'flush cache' } },
    log: { action: 'command', details: { to: 'brain', cmd: 'flush cache' } },
    seen: { text: 'Command sent to brain' },
    refused: 'Send command failed',
  },
  ...Object.keys(DEMO_BRAIN_STATE.txPeerStatus).map((peer) => peerRestart('tx', peer)),
  ...Object.keys(DEMO_BRAIN_STATE.zmqPeerStatus).map((peer) => peerRestart('zmq', peer)),
  {
    // Last of the dashboard's controls: the route search that Start began has long ended (§4).
    name: '§2 §4 Stop sends POST /workers/stop; the badge reads stopped',
    role: 'Operator',
    route: '/',
    steps: [{ press: 'Stop', ...WORKERS }],
    request: { method: 'POST', path: '/api/workers/stop' },
    log: { action: 'workers.stop', details: { after: { workersRunning: false, workersStartedBy: '' } } },
    seen: { label: 'Workers stopped' },
    refused: 'Stop workers failed',
  },
  pinToggle('pin', true),
  pinToggle('pin', false),
  pinToggle('autosell', true),
  pinToggle('autosell', false),
  ...DEMO_AWS_GROUPS.map(
    ({ name: group = '' }): Control => ({
      name: `§7 Restart cloud group ${group}, confirmed, sends POST /aws/restart {group: "${group}"}`,
      role: 'Admin',
      route: CLOUD_GROUPS,
      steps: [{ press: `Restart ${group}` }, { confirm: 'Restart cloud group' }],
      request: { method: 'POST', path: '/api/aws/restart', body: { group } },
      log: { action: 'aws.restart', details: { group } },
      seen: { text: `Restart of ${group} done.` },
      refused: `Restart of ${group} failed`,
    }),
  ),
  {
    name: '§7 Saving a cloud group from its edit view sends the whole list in PUT /aws/groups {groups}',
    role: 'Admin',
    route: `${CLOUD_GROUPS}/${DEMO_AWS_GROUPS[0]?.name ?? ''}`,
    steps: [{ fill: 'Instance type', value: EDITED_TYPE }, { press: 'Save' }],
    retry: [{ press: 'Save' }],
    request: { method: 'PUT', path: '/api/aws/groups', body: { groups: EDITED_GROUPS } },
    log: { action: 'aws.groups', details: { after: EDITED_GROUPS } },
    seen: { text: EDITED_TYPE },
    refused: 'Save failed',
  },
  ...DEMO_AWS_GROUPS.map(
    ({ name: group = '' }): Control => ({
      name: `§7 Deleting cloud group ${group}, confirmed, sends the list without it in PUT /aws/groups`,
      role: 'Admin',
      route: CLOUD_GROUPS,
      before: async (admin) => {
        expect((await admin('PUT', '/aws/groups', { groups: DEMO_AWS_GROUPS })).status).toBe(200);
      },
      steps: [{ press: `Delete ${group}` }, { confirm: 'Delete cloud group' }],
      request: { method: 'PUT', path: '/api/aws/groups', body: { groups: DEMO_AWS_GROUPS.filter((g) => g.name !== group) } },
      log: { action: 'aws.groups' },
      seen: { gone: `Delete ${group}` },
      refused: `Delete of ${group} failed`,
    }),
  ),
  {
    name: '§7 Clear results cache, confirmed, sends POST /settings/cache/results/clear',
    role: 'Admin',
    route: '/settings',
    steps: [{ press: 'Clear results cache' }, { confirm: 'Clear results cache' }],
    request: { method: 'POST', path: '/api/settings/cache/results/clear' },
    log: { action: 'settings.cache.results.clear' },
    seen: { text: 'Results cache cleared.' },
    refused: 'Clearing the cache failed',
  },
  {
    name: '§6 Alert rules: Add rule sends the rules with the new one in PUT /settings/misc {updates: {alertRules}}',
    role: 'Admin',
    route: '/tsettings',
    before: async (admin) => {
      expect((await admin('PUT', '/settings/misc', { updates: { alertRules: [] } })).status).toBe(200);
    },
    steps: [{ fill: 'Balance below', value: '0.5', form: 'New alert rule' }, { press: 'Add rule', form: 'New alert rule' }],
    retry: [{ press: 'Add rule', form: 'New alert rule' }],
    request: { method: 'PUT', path: '/api/settings/misc', body: { updates: { alertRules: [{ kind: 'balanceBelow', network: 'Ethereum', below: 0.5, unit: 'native', severity: 'warning' }] } } },
    log: { action: 'settings.misc', details: { setting: 'alertRules' } },
    seen: { text: 'Balance on Ethereum below 0.50 ETH · Warning' },
    refused: 'The rules could not be saved',
  },
  operation(
    '§7 /tx/new Sell sends POST /txs/sell {tokenName, network, amount}',
    'Sell',
    [{ choose: 'Token', option: '{token}' }, { choose: 'Network', option: 'Base' }, { fill: 'Amount', value: '5' }],
    { method: 'POST', path: '/api/txs/sell', body: { tokenName: '{token}', network: 'Base', amount: 5 } },
    { action: 'sell.create', details: { after: { tokenName: '{token}', network: 'Base', amount: 5 } } },
    { textStarting: 'Sell sent (id ' },
  ),
  {
    name: '§7 /tx/new Edit sell: Load fetches GET /txs/sell/{tradeId} and restates the sell',
    role: 'Admin',
    route: '/tx/new',
    before: freshPendingSell,
    steps: [{ tab: 'Edit sell' }, { fill: 'Trade id', value: '{tradeId}', form: 'Find sell' }, { press: 'Load', form: 'Find sell' }],
    retry: [{ press: 'Load', form: 'Find sell' }],
    request: { method: 'GET', path: '/api/txs/sell/{tradeId}' },
    seen: { textStarting: 'Sell {tradeId}: Sell 10 {token} on Base; pending' },
    refused: 'Could not read sell {tradeId}',
  },
  {
    name: '§7 /tx/new Edit sell: Update sell, confirmed, sends PUT /txs/sell/{tradeId} with the sell body',
    role: 'Admin',
    route: '/tx/new',
    before: freshPendingSell,
    steps: [
      { tab: 'Edit sell' },
      { fill: 'Trade id', value: '{tradeId}', form: 'Find sell' },
      { press: 'Load', form: 'Find sell' },
      { fill: 'Amount', value: '12.5', form: 'Update sell form' },
      { press: 'Update sell…', form: 'Update sell form' },
      { confirm: 'Confirm: Update sell' },
    ],
    retry: [{ press: 'Update sell…', form: 'Update sell form' }, { confirm: 'Confirm: Update sell' }],
    request: { method: 'PUT', path: '/api/txs/sell/{tradeId}', body: { tokenName: '{token}', network: 'Base', amount: 12.5 } },
    log: { action: 'sell.update', details: { after: { tradeId: '{tradeId}', amount: 12.5 } } },
    seen: { text: 'Update sell sent (id {tradeId}).' },
    refused: 'Update sell failed',
  },
  operation(
    '§7 /tx/new Manual sends POST /txs/manual {network, txType, tokenName, amount}',
    'Manual',
    [
      { choose: 'Network', option: 'Base' },
      { choose: 'Type', option: 'TransferNative' },
      { fill: 'Token (or native coin)', value: 'ETH' },
      { fill: 'Amount', value: '0.01' },
    ],
    { method: 'POST', path: '/api/txs/manual', body: { network: 'Base', txType: 'TransferNative', tokenName: 'ETH', amount: 0.01 } },
    { action: 'tx.manual', details: { after: { network: 'Base', txType: 'TransferNative', tokenName: 'ETH', amount: 0.01 } } },
    { textStarting: 'Manual sent (id ' },
  ),
  operation(
    '§7 /tx/new Refund sends POST /txs/refund {txId, reason}',
    'Refund',
    [{ fill: 'Tx id (or a Trade id)', value: '{txId}' }, { fill: 'Reason (optional)', value: 'stuck on the bridge' }],
    { method: 'POST', path: '/api/txs/refund', body: { txId: '{txId}', reason: 'stuck on the bridge' } },
    { action: 'tx.refund', details: { after: { txId: '{txId}', reason: 'stuck on the bridge' } } },
    { textStarting: 'Refund sent (id ' },
  ),
  operation(
    '§7 /tx/new Force sends POST /txs/force {tokenName, amount, networkBuy, networkSell, bridgeName}',
    'Force',
    [
      { choose: 'Token', option: 'USDC' },
      { fill: 'Amount', value: '100' },
      { choose: 'Buy on', option: 'Ethereum' },
      { choose: 'Sell on', option: 'Base' },
      { choose: 'Bridge', option: 'ccip-eth-base' },
    ],
    {
      method: 'POST',
      path: '/api/txs/force',
      body: { tokenName: 'USDC', amount: 100, networkBuy: 'Ethereum', networkSell: 'Base', bridgeName: 'ccip-eth-base' },
    },
    { action: 'tx.force', details: { after: { tokenName: 'USDC', networkBuy: 'Ethereum', networkSell: 'Base', bridgeName: 'ccip-eth-base', amount: 100 } } },
    { textStarting: 'Force sent (id ' },
  ),
  operation(
    '§7 /tx/new Unlock nonce sends POST /txs/unlock-nonce {network, nonce}',
    'Unlock nonce',
    [{ choose: 'Network', option: 'Ethereum' }, { fill: 'Nonce', value: '7' }],
    { method: 'POST', path: '/api/txs/unlock-nonce', body: { network: 'Ethereum', nonce: 7 } },
    { action: 'tx.unlockNonce', details: { network: 'Ethereum', nonce: 7 } },
    { textStarting: 'Unlock nonce sent (id ' },
  ),
];

/**
 * Where operator controls live, for the inventory test: every button, switch and tab found there must
 * be pressed by an entry of CONTROLS, or only open, close or cancel (NOT_CALLS). `open` shows what is
 * otherwise hidden (a dialog, an editor) and `close` puts the screen back.
 */
const INVENTORY: { role: Role; route: string; scope: Scope | { tablist: string }; open?: Step[]; close?: Step[] }[] = [
  { role: 'Operator', route: '/', scope: WORKERS },
  { role: 'Operator', route: '/', scope: { region: 'Service status' } },
  { role: 'Operator', route: '/', scope: ACTIONS, open: [{ press: 'Worker actions', ...WORKERS }], close: [{ press: 'Close', ...ACTIONS }] },
  ...SERVICES.map((service) => ({
    role: 'Operator' as const,
    route: '/',
    scope: { dialog: `Restart ${service}` },
    open: [{ press: new RegExp(`^Restart ${service} service \\(`), region: 'Service status' }],
    close: [{ press: 'Cancel', dialog: `Restart ${service}` }],
  })),
  { role: 'Admin', route: '/settings', scope: { region: 'Cache' } },
  { role: 'Admin', route: CLOUD_GROUPS, scope: { table: 'Cloud groups' } },
  { role: 'Admin', route: '/tx/new', scope: { tablist: 'Operation' } },
];

/**
 * Buttons that only open, close or cancel, the connected-services figure, which is not pressed for
 * anything, and a live list's sort headers (cloud groups), which order what the socket sent.
 */
const NOT_CALLS = [/^Close$/, /^Cancel$/, /^Connected services /, /^Sort by /];

/** Every `{name}` in strings, arrays and objects replaced by that fixture. */
function filled<T>(value: T, fixtures: Fixtures): T {
  if (typeof value === 'string') return value.replace(/\{(token|tradeId|txId)\}/g, (_, name: keyof Fixtures) => fixtures[name]) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => filled(item, fixtures)) as T;
  if (typeof value === 'object' && value !== null && !(value instanceof RegExp)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, filled(item, fixtures)])) as T;
  }
  return value;
}

function scopeOf(page: Page, { dialog, form, region, table }: Scope): Page | Locator {
  if (dialog) return page.getByRole('dialog', { name: dialog, exact: true });
  if (form) return page.getByRole('form', { name: form, exact: true });
  if (region) return page.getByRole('region', { name: region, exact: true });
  if (table) return page.getByRole('table', { name: table, exact: true });
  return page;
}

/**
 * Presses from the keyboard (focus, Enter or Space), as an operator can: the toast area at the top
 * right pauses on hover (§2), so a pointer there could wait behind toasts.
 */
async function pressKey(target: Locator, key: 'Enter' | 'Space'): Promise<void> {
  await target.waitFor();
  await expect.poll(() => target.isEnabled(), { timeout: ENABLED_MS }).toBe(true);
  await target.focus();
  await target.press(key);
}

async function perform(page: Page, step: Step): Promise<void> {
  if ('confirm' in step) {
    await pressKey(page.getByRole('dialog', { name: step.confirm, exact: true }).getByRole('button', { name: 'Yes', exact: true }), 'Enter');
  } else if ('tab' in step) {
    await page.getByRole('tab', { name: step.tab, exact: true }).click();
  } else if ('press' in step) {
    await pressKey(scopeOf(page, step).getByRole('button', { name: step.press, exact: true }), 'Enter');
  } else if ('flip' in step) {
    await pressKey(scopeOf(page, step).getByRole('switch', { name: step.flip, exact: true }), 'Space');
  } else if ('fill' in step) {
    await scopeOf(page, step).getByRole('textbox', { name: step.fill, exact: true }).fill(step.value);
  } else {
    await scopeOf(page, step).getByRole('combobox', { name: step.choose, exact: true }).click();
    await page.getByRole('option', { name: step.option, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the outcome is on screen (hidden tab panels and closing toasts do not count). */
async function isSeen(page: Page, seen: Seen): Promise<boolean> {
  if ('switch' in seen) return (await page.getByRole('switch', { name: seen.switch, exact: true }).isChecked()) === seen.checked;
  if ('gone' in seen) return (await page.getByRole('button', { name: seen.gone, exact: true }).count()) === 0;
  const target =
    'text' in seen
      ? page.getByText(seen.text, { exact: true })
      : 'textStarting' in seen
        ? page.getByText(new RegExp(`^${escaped(seen.textStarting)}`))
        : page.getByLabel(seen.label, { exact: true });
  return (await target.filter({ visible: true }).count()) > 0;
}

/**
 * Closes the toasts open now (Dismiss all, or a click on the one toast left), so an outcome seen
 * later is a new one: real clicks, as a person makes them (tests/architecture/realClicks.test.ts).
 * A toast can close by itself meanwhile (its own timer, or Dismiss all going with the last but
 * one): pressIfStillThere.
 */
async function closeToasts(page: Page): Promise<void> {
  const dismissAll = page.getByRole('button', { name: 'Dismiss all', exact: true });
  const toasts = page.getByTitle('Click to close', { exact: true });
  // A dialog the last try left open (a refused restart keeps its dialog) sits above the toasts: the
  // operator closes it first (Escape), as the next try opens it again.
  const dialogs = page.getByRole('dialog');
  for (let i = 0; i < 3 && (await dialogs.count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await dialogs.first().waitFor({ state: 'detached', timeout: 3000 }).catch(() => undefined);
  }
  await expect
    .poll(
      async () => {
        if ((await dismissAll.count()) > 0) await pressIfStillThere(dismissAll);
        else if ((await toasts.count()) > 0) await pressIfStillThere(toasts.first());
        // The pointer leaves the toast area: over it the stack pauses and unfolds (§2).
        await page.mouse.move(0, 0);
        return toasts.count();
      },
      { timeout: 15_000, message: 'the toasts close' },
    )
    .toBe(0);
}

/** The buttons, switches and tabs in an accessibility snapshot, by their accessible names. */
function controlNames(snapshot: string): string[] {
  return [...snapshot.matchAll(/- (?:button|switch|tab) "((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1] ?? ''}"`) as string);
}

/** What an inventory scope holds; a tab list stands for its tabs and, tab by tab, the controls of its panel. */
async function namesIn(page: Page, scope: Scope | { tablist: string }): Promise<string[]> {
  if (!('tablist' in scope)) return controlNames(await scopeOf(page, scope).ariaSnapshot());
  const names: string[] = [];
  for (const tab of controlNames(await page.getByRole('tablist', { name: scope.tablist, exact: true }).ariaSnapshot())) {
    names.push(tab);
    await perform(page, { tab });
    names.push(...controlNames(await page.getByRole('tabpanel', { name: tab, exact: true }).ariaSnapshot()));
  }
  return names;
}

const isCall = (request: Control['request']) => (r: Request) =>
  r.method() === request.method && new URL(r.url()).pathname === request.path;

describe.skipIf(!hasChromium)('every operator control in Chromium against the reference server: request, record, outcome, and the server’s reason for a 409 and a 503', () => {
  let browser: Browser;
  let admin: Api;
  const sessions = new Map<Role, Session>();
  const fixtures: Fixtures = { token: unique('E2ECTL'), tradeId: '', txId: '' };
  sellFixtures = fixtures;
  let refusalCount = 0;

  const logsOf = async (action: string) => {
    const res = await admin('POST', '/logs/more', { action, limit: 1 });
    expect(res.status).toBe(200);
    return (await res.json()) as { data: { user: string; action: string; details?: unknown }[]; total: number };
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiAs(adminKey);
    // The simulator quiet: while Start has the workers running it sends no trade of its own, and no
    // notice, outage or failed tx of its own comes between a press and what it shows.
    expect((await admin('POST', '/sim/control', { action: 'quiet', quiet: true })).status).toBe(200);
    const created = await admin('POST', '/tokens', {
      tokenName: fixtures.token,
      networkData: { Base: { address: '0x00000000000000000000000000000000000000c7', decimals: 18 } },
    });
    expect(created.status).toBe(200);
    const sell = await admin('POST', '/txs/sell', { tokenName: fixtures.token, network: 'Base', amount: 10 });
    expect(sell.status).toBe(200);
    fixtures.tradeId = ((await sell.json()) as { tradeId: string }).tradeId;
    const txs = (await (await admin('GET', '/txs/?perPage=1')).json()) as { data: { id: string }[] };
    fixtures.txId = txs.data[0]?.id ?? '';
    expect(fixtures.txId).not.toBe('');
  });

  /** One signed-in page per role, signed in by its first test (signIn polls, which only a test may). */
  const sessionOf = async (role: Role): Promise<Session> => {
    const known = sessions.get(role);
    if (known) return known;
    const session = await newSession(browser);
    await signIn(session.page, role === 'Admin' ? adminKey : operatorKey);
    sessions.set(role, session);
    return session;
  };

  afterAll(async () => {
    await browser?.close();
    if (!admin) return;
    // Nothing of this file is left for the next: no refusal waiting, workers stopped, settings as seeded,
    // the simulator as usual.
    await admin('POST', '/sim/control', { action: 'quiet', quiet: false });
    await admin('PUT', '/settings/misc', { updates: { alertRules: [] } });
    for (const { request } of CONTROLS) {
      const { method, path } = filled(request, fixtures);
      await admin('POST', '/sim/control', { action: 'refuse', method, path, status: 503, error: 'withdrawn', times: 0 });
    }
    await admin('POST', '/workers/stop');
    await admin('PUT', '/settings/misc', { updates: { sellOnly: false } });
    await admin('PUT', '/aws/groups', { groups: DEMO_AWS_GROUPS });
    await admin('PUT', '/txs/pins', DEMO_BRAIN_STATE.pinnedTokens);
    await admin('PUT', '/txs/pins/sell', DEMO_BRAIN_STATE.autosellPins);
    await admin('DELETE', `/tokens/${fixtures.token}`);
  });

  for (const entry of CONTROLS) {
    it(entry.name, async () => {
      // Set-up first: it may make the fixture the control works on (a fresh pending sell).
      await entry.before?.(admin);
      const control = filled(entry, fixtures);
      const { page, pageErrors } = await sessionOf(control.role);
      if (new URL(page.url()).pathname !== control.route) await page.goto(control.route);
      const logsBefore = control.log ? (await logsOf(control.log.action)).total : 0;
      const matches = isCall(control.request);

      for (const [i, { status, reason: why }] of REFUSALS.entries()) {
        const reason = `${why} (refusal ${++refusalCount})`;
        const { method, path } = control.request;
        expect((await admin('POST', '/sim/control', { action: 'refuse', method, path, status, error: reason, times: 1 })).status).toBe(200);
        await closeToasts(page);
        const answered = page.waitForResponse((r: Response) => matches(r.request()));
        for (const step of i === 0 ? control.steps : (control.retry ?? control.steps)) await perform(page, step);
        expect((await answered).status()).toBe(status);
        await page.getByText(`${control.refused}: ${reason}`, { exact: true }).waitFor({ timeout: 10_000 });
        await stillAnswers(page, ANSWER_MS);
      }

      // Accepted: pressed again, the request as the rule says, the server's record, what the operator sees.
      const stale = async () => {
        await closeToasts(page);
        return isSeen(page, control.seen);
      };
      await expect.poll(stale, { timeout: 5000, message: 'the outcome is not on screen before the press' }).toBe(false);
      const sent = page.waitForRequest(matches);
      const answered = page.waitForResponse((r: Response) => matches(r.request()));
      for (const step of control.retry ?? control.steps) await perform(page, step);
      const request = await sent;
      if (control.request.body === undefined) expect(request.postData()).toBeNull();
      else expect(request.postDataJSON()).toEqual(control.request.body);
      expect((await answered).status()).toBe(200);
      await expect.poll(() => isSeen(page, control.seen), { timeout: 10_000, message: JSON.stringify(control.seen) }).toBe(true);
      if (control.log) {
        const after = await logsOf(control.log.action);
        expect(after.total, 'one user log: the refusals wrote none').toBe(logsBefore + 1);
        expect(after.data[0]).toMatchObject({
          user: control.role === 'Admin' ? 'admin' : 'operator',
          action: control.log.action,
          ...(control.log.details ? { details: control.log.details } : {}),
        });
      }
      await stillAnswers(page, ANSWER_MS);
      expect(pageErrors).toEqual([]);
    });
  }

  it('every button, switch and tab of the worker controls, Worker actions, service status and its restart dialogs, cache, cloud groups and /tx/new is pressed by an entry of CONTROLS', async () => {
    const pressed = CONTROLS.flatMap((control) => filled(control, fixtures).steps).flatMap((step) =>
      'press' in step ? [step.press] : 'flip' in step ? [step.flip] : 'tab' in step ? [step.tab] : [],
    );
    const covered = (name: string) =>
      NOT_CALLS.some((pattern) => pattern.test(name)) || pressed.some((p) => (typeof p === 'string' ? p === name : p.test(name)));
    const untested: string[] = [];
    for (const { role, route, scope, open, close } of INVENTORY) {
      const { page } = await sessionOf(role);
      if (new URL(page.url()).pathname !== route) await page.goto(route);
      for (const step of open ?? []) await perform(page, step);
      const names = await namesIn(page, scope);
      expect(names.length, JSON.stringify(scope)).toBeGreaterThan(0);
      untested.push(...names.filter((name) => !covered(name)).map((name) => `${route} ${JSON.stringify(scope)}: ${name}`));
      for (const step of close ?? []) await perform(page, step);
    }
    expect(untested, 'controls on screen that CONTROLS does not press').toEqual([]);
  });
});
