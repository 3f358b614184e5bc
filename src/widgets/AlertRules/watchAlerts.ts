/**
 * The alert rules at work. Each evaluation reads this browser's rules and the shared ones (parsed
 * again only when what they come from changed), checks them against the live state and the clock,
 * raises one warning toast per rule that starts firing (kind alert) and, when the rule stops, closes
 * it and says so (kind alertResolved, so the centre tells how it ended). A plain
 * factory over its dependencies: tests pass fakes and evaluate themselves.
 */
import type { AlertRule } from '../../contract/alertRules.ts';
import { alertTransition, firingAlerts, nextAlertMemory, type AlertMemory, type AlertSnapshot } from '../../domain/alertRules.ts';
import type { Toaster } from '../../notifications/toaster.ts';
import { readRules } from './storedRules.ts';

export interface AlertWatchDeps {
  toaster: Pick<Toaster, 'show' | 'close'>;
  /** The live state now (the store's latest, not the last published frame). */
  getState: () => AlertSnapshot & { miscSettings: Readonly<Record<string, unknown>> };
  /** This browser's rules as stored (JSON text), or null. */
  storedRules: () => string | null;
  now: () => number;
}

/** Where the notification centre's entry of a firing rule leads: the rules, on Preferences. */
const RULES_LINK = { href: '/tsettings', label: 'Alert rules' };

/** The logical toast id of a firing rule, by which it is closed when the rule clears. */
export const alertToastId = (key: string): string => `alert:${key}`;

/** readRules, again only when its input changed. */
function lastRead(where: string): (value: unknown) => AlertRule[] {
  let last: unknown;
  let rules: AlertRule[] = [];
  return (value) => {
    if (value !== last) rules = readRules((last = value), where);
    return rules;
  };
}

export function createAlertWatch({ toaster, getState, storedRules, now }: AlertWatchDeps): () => void {
  const local = lastRead('stored in this browser');
  const shared = lastRead('saved for everyone');
  let firing = new Map<string, string>();
  let memory: AlertMemory = { notGreenSince: null };
  return () => {
    const state = getState();
    const at = now();
    memory = nextAlertMemory(memory, state, at);
    const next = firingAlerts([...local(storedRules()), ...shared(state.miscSettings['alertRules'])], state, at, memory);
    const { raise, clear } = alertTransition(firing, next);
    for (const key of clear) {
      toaster.close(alertToastId(key));
      toaster.show(`Resolved: ${firing.get(key) ?? key}`, { variant: 'success', autoHideDuration: 10_000, kind: 'alertResolved', link: RULES_LINK });
    }
    // Open until the rule clears (or the operator closes it): one toast per firing, not one per event.
    for (const [key, message] of raise) {
      toaster.show(message, { variant: 'warning', autoHideDuration: null, id: alertToastId(key), kind: 'alert', link: RULES_LINK });
    }
    firing = next;
  };
}
