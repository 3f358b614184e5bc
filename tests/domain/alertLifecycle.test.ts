import { describe, expect, it } from 'vitest';
import type { Silence } from '../../src/contract/alerts.ts';
import type { AlertRule } from '../../src/contract/alertRules.ts';
import { acknowledge, applySilence, isClosed, silenceCovers, stepAlert, type TrackedAlert } from '../../src/domain/alertLifecycle.ts';
import type { Reading } from '../../src/domain/alertRules.ts';

const T0 = 1_700_000_000_000;
const rule: AlertRule = { id: 'low-arb', kind: 'balanceBelow', network: 'Arbitrum', below: 0.05, unit: 'native', resolveSeconds: 60 };
const reading = (holds: boolean): Reading => ({
  subject: { type: 'network', name: 'Arbitrum' },
  holds,
  value: holds ? 0.012 : 0.2,
  threshold: 0.05,
  text: holds ? 'Arbitrum balance 0.012 ETH is below 0.05 ETH' : 'Arbitrum balance 0.20 ETH is below 0.05 ETH',
});

/** Steps one subject through a run of (second, holds) readings; what was sent, and the last state. */
function run(steps: readonly [number, boolean | null][], r: AlertRule = rule, silenced = false) {
  let tracked: TrackedAlert | undefined;
  let ids = 0;
  const sent: [number, string][] = [];
  for (const [second, holds] of steps) {
    const now = T0 + second * 1000;
    const step = stepAlert({ tracked, rule: r, reading: holds === null ? null : reading(holds), now, silenced, newId: () => `a${++ids}` });
    tracked = step.tracked;
    if (step.send) sent.push([second, step.send]);
  }
  return { tracked, sent, ids };
}

describe('docs/protocol.md "Alerts lifecycle": pending → firing → resolved', () => {
  it('fires at once without a pending period, naming subject, value and threshold', () => {
    const { tracked, sent } = run([[0, true]]);
    expect(sent).toEqual([[0, 'firing']]);
    expect(tracked?.alert).toMatchObject({
      id: 'a1', ruleId: 'low-arb', severity: 'warning', state: 'firing', subject: { type: 'network', name: 'Arbitrum' },
      text: 'Arbitrum balance 0.012 ETH is below 0.05 ETH', value: 0.012, threshold: 0.05, startedAt: T0, firingAt: T0,
    });
    expect(tracked?.alert.history.map((h) => h.event)).toEqual(['pending', 'firing']);
  });

  it('stays pending for forSeconds, and a rule that stops holding before then never fires', () => {
    const slow = { ...rule, forSeconds: 30 };
    expect(run([[0, true], [29, true]], slow).tracked?.alert.state).toBe('pending');
    expect(run([[0, true], [29, true], [30, true]], slow).sent).toEqual([[30, 'firing']]);
    const brief = run([[0, true], [10, false]], slow);
    expect(brief.sent).toEqual([]);
    expect(brief.tracked?.alert.state).toBe('resolved');
  });

  it('a rule that flaps inside resolveSeconds sends one firing message, not two, and is the same alert reopened', () => {
    const { tracked, sent, ids } = run([[0, true], [120, false], [126, true], [200, false], [205, true]]);
    expect(sent).toEqual([[0, 'firing']]);
    expect(ids).toBe(1);
    expect(tracked?.alert.state).toBe('firing');
    expect(tracked?.alert.history.map((h) => h.event)).toEqual(['pending', 'firing', 'resolved', 'reopened', 'resolved', 'reopened']);
  });

  it('the resolved message waits out resolveSeconds; holding again after that is a new alert', () => {
    const { sent, ids, tracked } = run([[0, true], [120, false], [150, false], [180, false], [181, false], [300, true]]);
    expect(sent).toEqual([[0, 'firing'], [180, 'resolved'], [300, 'firing']]);
    expect(ids).toBe(2);
    expect(tracked?.alert.id).toBe('a2');
  });

  it('an unknown reading keeps the state', () => {
    expect(run([[0, true], [5, null]]).tracked?.alert.state).toBe('firing');
  });

  it('a silenced alert changes state but sends nothing; it is announced when the silence ends while it fires', () => {
    const quiet = run([[0, true], [120, false], [300, false]], rule, true);
    expect(quiet.sent).toEqual([]);
    const fired = run([[0, true]], rule, true).tracked as TrackedAlert;
    expect(fired.notified).toBe(false);
    const silence: Silence = { id: 's1', ruleId: 'low-arb', until: T0 + 3_600_000, reason: 'topping up', by: 'alice', at: T0 };
    const under = applySilence(fired, silence, T0 + 1000);
    expect(under.tracked?.alert.silenceId).toBe('s1');
    expect(under.tracked?.alert.history.at(-1)).toEqual({ at: T0 + 1000, event: 'silenced', by: 'alice' });
    const ended = applySilence(under.tracked as TrackedAlert, undefined, T0 + 2000);
    expect(ended.send).toBe('firing');
    expect(ended.tracked?.alert.silenceId).toBeUndefined();
  });

  it('is closed once resolved past its window with nothing owed', () => {
    const { tracked } = run([[0, true], [120, false], [180, false]]);
    expect(isClosed(tracked as TrackedAlert, rule, T0 + 180_000)).toBe(true);
    expect(isClosed(run([[0, true], [120, false]]).tracked as TrackedAlert, rule, T0 + 121_000)).toBe(false);
  });
});

describe('acknowledging and silencing', () => {
  it('records who acknowledged, when and why; a resolved alert cannot be acknowledged (409)', () => {
    const firing = run([[0, true]]).tracked?.alert;
    if (!firing) throw new Error('no alert');
    expect(acknowledge(firing, 'bob', T0 + 5000, '  topping up  ')).toMatchObject({ ack: { by: 'bob', at: T0 + 5000, comment: 'topping up' } });
    const resolved = run([[0, true], [10, false]]).tracked?.alert;
    expect(resolved && acknowledge(resolved, 'bob', T0, undefined)).toBeNull();
  });

  it('a silence covers its rule, its subject, or both, until it ends', () => {
    const subject = { type: 'network', name: 'Arbitrum' } as const;
    const base = { id: 's', until: T0 + 10, reason: 'r', by: 'b', at: T0 };
    expect(silenceCovers({ ...base, ruleId: 'low-arb' }, 'low-arb', subject, T0)).toBe(true);
    expect(silenceCovers({ ...base, ruleId: 'other' }, 'low-arb', subject, T0)).toBe(false);
    expect(silenceCovers({ ...base, subject: { type: 'network' } }, 'x', subject, T0)).toBe(true);
    expect(silenceCovers({ ...base, subject: { type: 'network', name: 'Base' } }, 'x', subject, T0)).toBe(false);
    expect(silenceCovers({ ...base, ruleId: 'low-arb', subject }, 'low-arb', subject, T0 + 10)).toBe(false);
    expect(silenceCovers(base, 'low-arb', subject, T0)).toBe(false);
  });
});
