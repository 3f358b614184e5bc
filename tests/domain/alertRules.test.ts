import { describe, expect, it } from 'vitest';
import { ALERT_RULES_MAX, TX_GAS_UNITS } from '../../src/config/alerts.ts';
import { AlertRules, type AlertRule } from '../../src/contract/alertRules.ts';
import { ruleFromDraft } from '../../src/domain/alertRuleDrafts.ts';
import {
  derivedRuleId, describeRule, emptyAlertMemory, nextAlertMemory, ruleIdOf, ruleKey, ruleReadings, txsPaidFor, type AlertSnapshot,
} from '../../src/domain/alertRules.ts';

const NOW = 1_700_000_000_000;
const GREEN = emptyAlertMemory();

function snapshot(overrides: Partial<AlertSnapshot> = {}): AlertSnapshot {
  return {
    balance: { Arbitrum: 0.012, Ethereum: 4 },
    gasEstimate: { Ethereum: 45, Arbitrum: 0.01 },
    newHeads: { Base: { changedAt: NOW - 10_000 } },
    brainState: { nativePriceUSD: { ETH: 3000 }, txPeerStatus: { a: 1 }, zmqPeerStatus: { b: 1 } },
    connectedServices: { numConnected: 8, numExpected: 8 },
    lastEventAt: NOW - 1000,
    ...overrides,
  };
}

const read = (rule: AlertRule, s = snapshot(), memory = GREEN) => ruleReadings(rule, s, NOW, memory);
const holding = (rule: AlertRule, s = snapshot(), memory = GREEN) =>
  read(rule, s, memory).readings.filter((r) => r.holds).map((r) => r.text);

describe('alert rules: one alert per subject (docs/protocol.md "Alerts lifecycle")', () => {
  it('a balance rule names the network, the value and the threshold', () => {
    const rule: AlertRule = { kind: 'balanceBelow', network: 'Arbitrum', below: 0.05, unit: 'native' };
    expect(read(rule).readings).toEqual([
      { subject: { type: 'network', name: 'Arbitrum' }, holds: true, value: 0.012, threshold: 0.05, text: 'Arbitrum balance 0.012 ETH is below 0.05 ETH' },
    ]);
    expect(holding({ ...rule, below: 0.012 })).toEqual([]);
  });

  it('§3 in USD through nativePriceUSD of the network\'s native coin', () => {
    expect(holding({ kind: 'balanceBelow', network: 'Arbitrum', below: 50, unit: 'usd' })).toEqual(['Arbitrum balance $36.00 is below $50.00']);
  });

  it('a rule without a network reads every network the live state knows, each its own subject', () => {
    const rule: AlertRule = { kind: 'balanceBelow', below: 0.05, unit: 'native' };
    const { readings, complete } = read(rule);
    expect(readings.map((r) => [r.subject.name, r.holds])).toEqual([['Arbitrum', true], ['Ethereum', false]]);
    expect(complete).toBe(false);
  });

  it('an unknown balance or price is not read at all (the alert keeps its state)', () => {
    expect(read({ kind: 'balanceBelow', network: 'Base', below: 1, unit: 'native' }).readings).toEqual([]);
    expect(read({ kind: 'balanceBelow', network: 'Arbitrum', below: 50, unit: 'usd' }, snapshot({ brainState: null })).readings).toEqual([]);
  });

  it('gas above, per network', () => {
    expect(holding({ kind: 'gasAbove', network: 'Ethereum', above: 40 })).toEqual(['Ethereum gas estimate 45 is above 40']);
    expect(holding({ kind: 'gasAbove', above: 1 })).toEqual(['Ethereum gas estimate 45 is above 1']);
  });

  it('§9 a block head stale for longer than the rule\'s seconds, counted from the stale threshold', () => {
    const stale = snapshot({ newHeads: { Base: { changedAt: NOW - 600_000 } } });
    const [reading] = read({ kind: 'blockStale', network: 'Base', seconds: 5 }, stale).readings;
    expect(reading?.holds).toBe(true);
    expect(reading?.text).toBe('Base block head stale: no new block for 600 s (more than 11 s)');
    expect(holding({ kind: 'blockStale', network: 'Base', seconds: 5 })).toEqual([]);
  });

  it('§4 health names the service that is down, and holds once it has been so for longer than the seconds', () => {
    const down = snapshot({
      connectedServices: { numConnected: 7, numExpected: 8, services: [{ name: 'eventer', connected: false, lastSeenAt: NOW - 60_000 }, { name: 'brain', connected: true, lastSeenAt: NOW }] },
    });
    const seen = nextAlertMemory(GREEN, down, NOW - 10_000);
    const { readings, complete } = read({ kind: 'healthNotGreen', seconds: 5 }, down, seen);
    expect(complete).toBe(true);
    expect(readings).toEqual([{ subject: { type: 'service', name: 'eventer' }, holds: true, value: 10, threshold: 5, text: 'eventer down for 10 s (longer than 5 s)' }]);
    // A peer with no instance is its own subject; without named services the system is.
    const peer = snapshot({ brainState: { nativePriceUSD: {}, txPeerStatus: { 'tx-eu-1': 0 }, zmqPeerStatus: {} } });
    expect(read({ kind: 'healthNotGreen', seconds: 0 }, peer).readings.map((r) => r.subject)).toEqual([{ type: 'service', name: 'tx-eu-1' }]);
    const counts = snapshot({ connectedServices: { numConnected: 7, numExpected: 8 } });
    expect(read({ kind: 'healthNotGreen', seconds: 0 }, counts).readings.map((r) => [r.subject, r.text.split(' for ')[0]])).toEqual([
      [{ type: 'system' }, 'Service health red (7/8 connected)'],
    ]);
    expect(read({ kind: 'healthNotGreen', seconds: 0 }).readings).toEqual([]);
  });

  it('the health memory keeps when each problem was first seen, and forgets it once it is gone', () => {
    const counts = snapshot({ connectedServices: { numConnected: 7, numExpected: 8 } });
    const first = nextAlertMemory(GREEN, counts, NOW - 5000);
    expect(nextAlertMemory(first, counts, NOW)).toEqual({ problemSince: { system: NOW - 5000 } });
    expect(nextAlertMemory(first, snapshot(), NOW)).toEqual({ problemSince: {} });
  });

  it('nothing from the trading system for longer than the seconds', () => {
    expect(holding({ kind: 'noEvents', seconds: 30 }, snapshot({ lastEventAt: NOW - 45_000 }))).toEqual(['Nothing from the trading system for 45 s (longer than 30 s)']);
    expect(holding({ kind: 'noEvents', seconds: 30 })).toEqual([]);
  });
});

describe('a rule\'s identity', () => {
  it('is its condition, whatever the order of its fields, its severity or timings', () => {
    const a: AlertRule = { kind: 'gasAbove', network: 'Base', above: 3 };
    const b = { above: 3, network: 'Base', kind: 'gasAbove', severity: 'critical', forSeconds: 30 } as AlertRule;
    expect(ruleKey(a)).toBe(ruleKey(b));
    expect(derivedRuleId(a)).toBe(derivedRuleId(b));
    expect(derivedRuleId(a)).toMatch(/^r-[0-9a-f]{8}$/);
    expect(derivedRuleId({ ...a, above: 4 })).not.toBe(derivedRuleId(a));
    expect(ruleIdOf({ ...a, id: 'gas-base' })).toBe('gas-base');
  });
});

describe('≈ N txs: how many transactions the §3 balance pays for at the current gas estimate', () => {
  it('is floor(balance / (gas estimate in gwei × TX_GAS_UNITS)) in the native coin', () => {
    // 12 gwei × 300,000 gas = 0.0036 ETH a transaction.
    expect(TX_GAS_UNITS).toBe(300_000);
    expect(txsPaidFor('Ethereum', 4.2, 12)).toBe(1166);
    expect(txsPaidFor('Ethereum', 0.0035, 12)).toBe(0);
  });

  it('is unknown (null) without a balance or a positive gas estimate, and where gas is not priced in gwei', () => {
    expect(txsPaidFor('Ethereum', undefined, 12)).toBeNull();
    expect(txsPaidFor('Ethereum', 4, undefined)).toBeNull();
    expect(txsPaidFor('Ethereum', 4, 0)).toBeNull();
    expect(txsPaidFor('Solana', 35, 0.05)).toBeNull();
  });
});

describe('the rules editor: a draft becomes a rule, or says what is wrong', () => {
  const draft = { kind: 'balanceBelow', network: 'Base', severity: 'warning', value: '0.5', unit: 'native' } as const;

  it('makes each kind of rule, which the contract accepts', () => {
    const made = [
      ruleFromDraft(draft, []),
      ruleFromDraft({ ...draft, unit: 'usd', value: ' 2000 ' }, []),
      ruleFromDraft({ ...draft, kind: 'gasAbove', value: '30' }, []),
      ruleFromDraft({ ...draft, kind: 'blockStale', value: '0' }, []),
      ruleFromDraft({ ...draft, kind: 'healthNotGreen', value: '60' }, []),
      ruleFromDraft({ ...draft, kind: 'noEvents', value: '15' }, []),
    ];
    const rules = made.map((m) => ('rule' in m ? m.rule : m.problem));
    expect(rules).toEqual([
      { kind: 'balanceBelow', network: 'Base', below: 0.5, unit: 'native', severity: 'warning' },
      { kind: 'balanceBelow', network: 'Base', below: 2000, unit: 'usd', severity: 'warning' },
      { kind: 'gasAbove', network: 'Base', above: 30, severity: 'warning' },
      { kind: 'blockStale', network: 'Base', seconds: 0, severity: 'warning' },
      { kind: 'healthNotGreen', seconds: 60, severity: 'warning' },
      { kind: 'noEvents', seconds: 15, severity: 'warning' },
    ]);
    expect(AlertRules.safeParse(rules).success).toBe(true);
    expect(rules.map((rule) => describeRule(rule as AlertRule))).toEqual([
      'Balance on Base below 0.50 ETH',
      'Balance on Base below $2,000.00',
      'Gas estimate on Base above 30',
      'Block head on Base stale for longer than 0 s',
      'Service health not green for longer than 60 s',
      'Nothing from the trading system for longer than 15 s',
    ]);
  });

  it.each([
    ['an empty value', { value: '' }, 'Enter a number above 0, such as 0.5'],
    ['zero as a balance', { value: '0' }, 'Enter a number above 0, such as 0.5'],
    ['words', { value: 'lots' }, 'Enter a number above 0, such as 0.5'],
    ['half seconds', { kind: 'healthNotGreen', value: '1.5' }, 'Enter whole seconds from 0 to 86400'],
    ['0 s without events', { kind: 'noEvents', value: '0' }, 'Enter whole seconds from 1 to 86400'],
    ['more than a day', { kind: 'blockStale', value: '86401' }, 'Enter whole seconds from 0 to 86400'],
    ['an unknown network', { network: 'Atlantis' }, 'Choose a network'],
  ] as const)('refuses %s in the operator\'s words', (_what, change, problem) => {
    expect(ruleFromDraft({ ...draft, ...change }, [])).toEqual({ problem });
  });

  it('watches every network when none is chosen, and a critical rule says so', () => {
    const made = ruleFromDraft({ ...draft, network: '', severity: 'critical' }, []);
    expect(made).toEqual({ rule: { kind: 'balanceBelow', below: 0.5, unit: 'native', severity: 'critical' } });
    expect('rule' in made && describeRule(made.rule)).toBe('Balance on any network below 0.50 native coin');
  });

  it('refuses a rule already in the list, and more than a list holds', () => {
    const rule = { kind: 'balanceBelow', network: 'Base', below: 0.5, unit: 'native' } as const;
    expect(ruleFromDraft(draft, [rule])).toEqual({ problem: 'This rule is already in the list' });
    const full = Array.from({ length: ALERT_RULES_MAX }, (_, i): AlertRule => ({ kind: 'gasAbove', network: 'Base', above: i + 1 }));
    expect(ruleFromDraft(draft, full)).toEqual({ problem: `A list holds at most ${ALERT_RULES_MAX} rules: remove one first` });
  });
});
