/** What both contract documents say about themselves and about the optional extensions. */
import type { ExtensionName } from '../operations.ts';

/** The contract's own version; raise it when a change would break a backend that followed the last one. */
export const CONTRACT_VERSION = '1.0.0';

export const EXTENSION_NOTES: Record<ExtensionName, string> = {
  trades: 'trades as journeys; a backend may answer 404, and the console then hides the Trades screens.',
  stats: 'trade counts and series over time; on 404 the console hides what depends on them.',
  timeline: 'one list of what happened (health, workers, trades, alerts, actions); on 404 the console hides it.',
  alerts: 'delivery of the shared alert rules to webhooks, Slack and Telegram; on 404 the console hides it.',
  alertsLifecycle: 'alerts as pending, firing and resolved, with acknowledgements and silences; on 404 the console shows no alert list.',
};
