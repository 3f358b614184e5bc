import { describe, expect, it } from 'vitest';
import { ALERT_RULES_MAX, TX_GAS_UNITS } from '../../src/config/alerts.ts';
import type { Network } from '../../src/config/networks.ts';
import { AlertRules, type AlertRule } from '../../src/contract/alertRules.ts';
import { ruleFromDraft } from '../../src/domain/alertRuleDrafts.ts';
import {
  alertMessage, alertTransition, describeRule, firingAlerts, nextAlertMemory, ruleKey, txsPaidFor, type AlertMemory, type AlertSnapshot,
} from '../../src/domain/alertRules.ts';

const NOW = 1_700_000_000_000;
const GREEN: AlertMemory = { notGreenSince: null };

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

const balanceBelow = (below: number, unit: 'native' | 'usd' = 'native', network: Network = 'Arbitrum'): AlertRule => ({
  kind: 'balanceBelow',
  network,
  below,
  unit,
});

describe('alert rules: balance below (§3 balance per network)', () => {
  it('fires with the balance in the native coin while it is below, with the operator-readable message', () => {
    expect(alertMessage(balanceBelow(0.05), snapshot(), NOW, GREEN)).toBe('Balance on Arbitrum below 0.05 ETH (now 0.012 ETH)');
    expect(alertMessage(balanceBelow(0.01), snapshot(), NOW, GREEN)).toBeNull();
    expect(alertMessage(balanceBelow(0.012), snapshot(), NOW, GREEN)).toBeNull();
  });

  it('§3 in USD through nativePriceUSD of the network\'s native coin', () => {
    expect(alertMessage(balanceBelow(50, 'usd'), snapshot(), NOW, GREEN)).toBe('Balance on Arbitrum below $50.00 (now $36.00)');
    expect(alertMessage(balanceBelow(30, 'usd'), snapshot(), NOW, GREEN)).toBeNull();
  });

  it('does not fire while the balance or the price is unknown', () => {
    expect(alertMessage(balanceBelow(1, 'native', 'Base'), snapshot(), NOW, GREEN)).toBeNull();
    expect(alertMessage(balanceBelow(50, 'usd'), snapshot({ brainState: null }), NOW, GREEN)).toBeNull();
  });
});

describe('alert rules: gas above (§3 gasEstimate per network)', () => {
  it('fires while the gas estimate is above the threshold', () => {
    const rule: AlertRule = { kind: 'gasAbove', network: 'Ethereum', above: 40 };
    expect(alertMessage(rule, snapshot(), NOW, GREEN)).toBe('Gas estimate on Ethereum above 40 (now 45)');
    expect(alertMessage({ ...rule, above: 45 }, snapshot(), NOW, GREEN)).toBeNull();
    expect(alertMessage({ ...rule, network: 'Base' }, snapshot(), NOW, GREEN)).toBeNull();
  });
});

describe('alert rules: block head stale for longer than X', () => {
  const rule: AlertRule = { kind: 'blockStale', network: 'Base', seconds: 5 };
  it('§4/§9 counts from when the block button turns danger (Base: 6000 ms), not from the last block', () => {
    const changedAt = NOW - 11_000; // stale since NOW - 5000
    expect(alertMessage(rule, snapshot({ newHeads: { Base: { changedAt } } }), NOW, GREEN)).toBeNull();
    expect(alertMessage(rule, snapshot({ newHeads: { Base: { changedAt } } }), NOW + 1, GREEN)).toBe(
      'Block head on Base stale for longer than 5 s (now 5 s)',
    );
    expect(alertMessage({ ...rule, seconds: 0 }, snapshot({ newHeads: { Base: { changedAt: NOW - 6001 } } }), NOW, GREEN)).not.toBeNull();
  });

  it('does not fire for a network without a head yet', () => {
    expect(alertMessage({ ...rule, network: 'Polygon' }, snapshot(), NOW + 3_600_000, GREEN)).toBeNull();
  });
});

describe('alert rules: service health not green for longer than X', () => {
  const rule: AlertRule = { kind: 'healthNotGreen', seconds: 30 };
  const peerDown = snapshot({ brainState: { nativePriceUSD: {}, txPeerStatus: { a: 0 }, zmqPeerStatus: { b: 1 } } });

  it('§4 remembers when health left green (success), and fires once it has not been green for longer than X', () => {
    const left = nextAlertMemory(GREEN, peerDown, NOW);
    expect(left).toEqual({ notGreenSince: NOW });
    const still = nextAlertMemory(left, peerDown, NOW + 30_000);
    expect(still).toEqual({ notGreenSince: NOW });
    expect(alertMessage(rule, peerDown, NOW + 30_000, still)).toBeNull();
    expect(alertMessage(rule, peerDown, NOW + 31_000, still)).toBe('Service health not green for longer than 30 s (now 31 s)');
  });

  it('§4 danger (services missing) counts as not green too; green again forgets the moment', () => {
    const missing = snapshot({ connectedServices: { numConnected: 7, numExpected: 8 } });
    const memory = nextAlertMemory(GREEN, missing, NOW);
    expect(memory.notGreenSince).toBe(NOW);
    expect(nextAlertMemory(memory, snapshot(), NOW + 1000)).toEqual(GREEN);
    expect(nextAlertMemory(GREEN, snapshot({ connectedServices: null }), NOW)).toEqual(GREEN);
  });
});

describe('alert rules: no event at all for X seconds (§7 socket events)', () => {
  it('fires when nothing has arrived from the server for longer than X, not before anything ever arrived', () => {
    const rule: AlertRule = { kind: 'noEvents', seconds: 20 };
    expect(alertMessage(rule, snapshot({ lastEventAt: NOW - 20_000 }), NOW, GREEN)).toBeNull();
    expect(alertMessage(rule, snapshot({ lastEventAt: NOW - 21_000 }), NOW, GREEN)).toBe('Nothing from the server for longer than 20 s (now 21 s)');
    expect(alertMessage(rule, snapshot({ lastEventAt: null }), NOW, GREEN)).toBeNull();
  });
});

describe('alert rules: firing set and transitions', () => {
  it('a rule set twice (this browser and for everyone, fields in another order) fires once', () => {
    const same = { unit: 'native', below: 0.05, network: 'Arbitrum', kind: 'balanceBelow' } as AlertRule;
    expect(ruleKey(same)).toBe(ruleKey(balanceBelow(0.05)));
    expect([...firingAlerts([balanceBelow(0.05), same], snapshot(), NOW, GREEN).keys()]).toEqual([ruleKey(same)]);
  });

  it('raises what starts firing, clears what stops, and says nothing about what keeps firing', () => {
    const before = new Map([['a', 'A'], ['b', 'B']]);
    const after = new Map([['b', 'B, new value'], ['c', 'C']]);
    expect(alertTransition(before, after)).toEqual({ raise: [['c', 'C']], clear: ['a'] });
    expect(alertTransition(after, after)).toEqual({ raise: [], clear: [] });
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
  const draft = { kind: 'balanceBelow', network: 'Base', value: '0.5', unit: 'native' } as const;

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
      { kind: 'balanceBelow', network: 'Base', below: 0.5, unit: 'native' },
      { kind: 'balanceBelow', network: 'Base', below: 2000, unit: 'usd' },
      { kind: 'gasAbove', network: 'Base', above: 30 },
      { kind: 'blockStale', network: 'Base', seconds: 0 },
      { kind: 'healthNotGreen', seconds: 60 },
      { kind: 'noEvents', seconds: 15 },
    ]);
    expect(AlertRules.safeParse(rules).success).toBe(true);
    expect(rules.map((rule) => describeRule(rule as AlertRule))).toEqual([
      'Balance on Base below 0.5 ETH',
      'Balance on Base below $2000.00',
      'Gas estimate on Base above 30',
      'Block head on Base stale for longer than 0 s',
      'Service health not green for longer than 60 s',
      'Nothing from the server for longer than 15 s',
    ]);
  });

  it.each([
    ['an empty value', { value: '' }, 'Enter a number above 0, such as 0.5'],
    ['zero as a balance', { value: '0' }, 'Enter a number above 0, such as 0.5'],
    ['words', { value: 'lots' }, 'Enter a number above 0, such as 0.5'],
    ['half seconds', { kind: 'healthNotGreen', value: '1.5' }, 'Enter whole seconds from 0 to 86400'],
    ['0 s without events', { kind: 'noEvents', value: '0' }, 'Enter whole seconds from 1 to 86400'],
    ['more than a day', { kind: 'blockStale', value: '86401' }, 'Enter whole seconds from 0 to 86400'],
    ['no network', { network: '' }, 'Choose a network'],
  ] as const)('refuses %s in the operator\'s words', (_what, change, problem) => {
    expect(ruleFromDraft({ ...draft, ...change }, [])).toEqual({ problem });
  });

  it('refuses a rule already in the list, and more than a list holds', () => {
    const rule = { kind: 'balanceBelow', network: 'Base', below: 0.5, unit: 'native' } as const;
    expect(ruleFromDraft(draft, [rule])).toEqual({ problem: 'This rule is already in the list' });
    const full = Array.from({ length: ALERT_RULES_MAX }, (_, i): AlertRule => ({ kind: 'gasAbove', network: 'Base', above: i + 1 }));
    expect(ruleFromDraft(draft, full)).toEqual({ problem: `A list holds at most ${ALERT_RULES_MAX} rules: remove one first` });
  });
});
