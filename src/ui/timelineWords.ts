/**
 * How the console says a timeline event's kind and severity (docs/protocol.md "Timeline"): in words
 * first, colour beside them, from the MUI palette so both themes apply.
 */
import type { TimelineKind, TimelineSeverity } from '../config/enums.ts';

export const TIMELINE_KIND_LABEL: Readonly<Record<TimelineKind, string>> = {
  health: 'Health',
  worker: 'Workers',
  trade: 'Trades',
  alert: 'Alerts',
  action: 'Actions',
};

/** One event's kind, in the singular ("Health", "Worker", "Trade"...). */
export const TIMELINE_KIND_WORD: Readonly<Record<TimelineKind, string>> = {
  health: 'Health',
  worker: 'Worker',
  trade: 'Trade',
  alert: 'Alert',
  action: 'Action',
};

export const TIMELINE_SEVERITY_LABEL: Readonly<Record<TimelineSeverity, string>> = { critical: 'Critical', warning: 'Warning', info: 'Info' };

export type SeverityColour = 'error' | 'warning' | 'info';
export const TIMELINE_SEVERITY_COLOUR: Readonly<Record<TimelineSeverity, SeverityColour>> = { critical: 'error', warning: 'warning', info: 'info' };

/** What a console path opens, as its link's words. */
export function timelineLinkText(link: string): string {
  if (link.startsWith('/tx/trades/')) return 'Open trade';
  if (link.startsWith('/alerts/')) return 'Open alert';
  if (link.startsWith('/settings/userlogs')) return 'Open user logs';
  return 'Open';
}
