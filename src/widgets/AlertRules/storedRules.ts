/**
 * Where alert rules come from: misc settings (the server's), and what a browser kept of its own
 * before rules lived on the server only (localStorage, JSON; offered once for saving). Both are checked with the AlertRules schema when read; what does
 * not pass is dropped with a console warning, never a crash (docs/architecture.md "Habits": fall
 * back when what was stored is invalid).
 */
import { ALERT_RULES_STORAGE_KEY } from '../../config/alerts.ts';
import { AlertRules, type AlertRule } from '../../contract/alertRules.ts';

/** Checked rules from stored JSON text or a value as received; none (with a warning saying where) when invalid. */
export function readRules(value: unknown, where: string): AlertRule[] {
  try {
    return value == null ? [] : AlertRules.parse(typeof value === 'string' ? JSON.parse(value) : value);
  } catch (error) {
    console.warn(`The alert rules ${where} are not valid and are ignored:`, error);
    return [];
  }
}

/** This browser's rules as stored (JSON text), or null. */
export function storedRulesText(): string | null {
  try {
    return localStorage.getItem(ALERT_RULES_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Takes the browser's own rules out of it, once they were offered for saving. */
export function forgetStoredRules(): void {
  try {
    localStorage.removeItem(ALERT_RULES_STORAGE_KEY);
  } catch {
    // Storage that cannot be written holds nothing to forget either.
  }
}
