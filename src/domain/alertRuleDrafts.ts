/**
 * The alert rules editor's rule: what an operator types becomes a rule, or is refused
 * in the operator's words. Apart from alertRules.ts so home, which evaluates rules, does not carry it.
 */
import { ALERT_RULES_MAX, ALERT_SECONDS_MAX } from '../config/alerts.ts';
import { isNetwork, type Network } from '../config/networks.ts';
import type { AlertSeverity } from '../config/enums.ts';
import type { AlertRule } from '../contract/alertRules.ts';
import { ruleKey } from './alertRules.ts';

/** What the rules editor holds while an operator types: the value as typed. */
export interface AlertRuleDraft {
  kind: AlertRule['kind'];
  /** '' watches every network, each its own alert. */
  network: string;
  severity: AlertSeverity;
  value: string;
  unit: 'native' | 'usd';
}

/** The kinds that watch one network. */
export const NETWORK_RULE_KINDS: readonly AlertRule['kind'][] = ['balanceBelow', 'gasAbove', 'blockStale'];

/**
 * The rule a draft makes, or what is wrong with it in the operator's words (shown beside the value),
 * given the rules already set.
 */
export function ruleFromDraft(draft: AlertRuleDraft, existing: readonly AlertRule[]): { rule: AlertRule } | { problem: string } {
  const text = draft.value.trim();
  const value = text === '' ? Number.NaN : Number(text);
  const network = draft.network === '' ? undefined : (draft.network as Network);
  const where = network === undefined ? {} : { network };
  const severity = { severity: draft.severity };
  let rule: AlertRule;
  switch (draft.kind) {
    case 'balanceBelow':
    case 'gasAbove':
      if (!(Number.isFinite(value) && value > 0)) return { problem: 'Enter a number above 0, such as 0.5' };
      rule = draft.kind === 'gasAbove' ? { kind: 'gasAbove', ...where, above: value, ...severity } : { kind: 'balanceBelow', ...where, below: value, unit: draft.unit, ...severity };
      break;
    default: {
      const least = draft.kind === 'noEvents' ? 1 : 0;
      if (!(Number.isInteger(value) && value >= least && value <= ALERT_SECONDS_MAX)) {
        return { problem: `Enter whole seconds from ${least} to ${ALERT_SECONDS_MAX}` };
      }
      rule = draft.kind === 'blockStale' ? { kind: 'blockStale', ...where, seconds: value, ...severity } : { kind: draft.kind, seconds: value, ...severity };
    }
  }
  if ('network' in rule && rule.network !== undefined && !isNetwork(rule.network)) return { problem: 'Choose a network' };
  if (existing.some((other) => ruleKey(other) === ruleKey(rule))) return { problem: 'This rule is already in the list' };
  if (existing.length >= ALERT_RULES_MAX) return { problem: `A list holds at most ${ALERT_RULES_MAX} rules: remove one first` };
  return { rule };
}
