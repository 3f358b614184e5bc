/**
 * Signals: what the console tells an operator (toasts, sounds, the notification centre), kind by
 * kind. Not §9 numbers (§2/§4/§8/§9 fix the toasts' look, colours and times; these are the
 * console's own, docs/decisions.md "Our own toast stack instead of notistack"): how many toasts at
 * once, when identical ones merge, how much history the centre keeps, how long a snooze lasts.
 */

/**
 * The kinds of signal, in the order the preferences and the centre's filter list them. The one
 * place they live: alert rules add theirs here (e.g. 'alert'), with a label, and every kind is
 * recorded, filtered and muted the same way.
 */
export const SIGNAL_KINDS = [
  'tradeSent',
  'tradeConfirmed',
  'tradeFailed',
  'tradeStuck',
  'alert',
  'alertResolved',
  'serviceDown',
  'serviceUp',
  'connection',
  'info',
  'success',
  'warning',
  'error',
  'notice',
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

export const SIGNAL_KIND_LABELS: Record<SignalKind, string> = {
  tradeSent: 'Trade sent',
  tradeConfirmed: 'Trade confirmed',
  tradeFailed: 'Trade failed',
  tradeStuck: 'Trade stuck',
  alert: 'Alert firing',
  alertResolved: 'Alert resolved',
  serviceDown: 'Service down',
  serviceUp: 'Service back up',
  connection: 'Connection',
  info: 'Notify: info',
  success: 'Notify: success',
  warning: 'Notify: warning',
  error: 'Notify: error',
  notice: 'Console notice',
};

/**
 * The kinds that play a sound of their own (§4 the disconnect's error sound, §9 the profit sound
 * of a confirmed trade and a long notify's dindilin): only these have a sound to mute.
 */
export const SIGNAL_KINDS_WITH_SOUND: readonly SignalKind[] = ['tradeConfirmed', 'connection', 'info', 'success', 'warning', 'error'];

/**
 * How far one kind of signal reaches the operator (docs/guide.md "Preferences"): a toast, an entry
 * in the notification centre (the bell), both, or neither. Toast only is there so routine progress
 * (a trade sent, confirmed) still flashes by without filling the bell, where it would bury the
 * failures; bell only keeps a kind for later without interrupting.
 */
export const SIGNAL_LEVELS = ['toastAndBell', 'toastOnly', 'bellOnly', 'off'] as const;
export type SignalLevel = (typeof SIGNAL_LEVELS)[number];

export const SIGNAL_LEVEL_LABELS: Record<SignalLevel, string> = {
  toastAndBell: 'Toast and bell',
  toastOnly: 'Toast only',
  bellOnly: 'Bell only',
  off: 'Off',
};

/**
 * Each kind's level until the operator picks another (docs/guide.md "The notification centre"):
 * what needs a look (failures, firing alerts, connection losses, warnings and errors the system
 * sends) goes to the bell; routine trade progress and the console's own save notices stay out of it.
 */
export const DEFAULT_SIGNAL_LEVELS: Record<SignalKind, SignalLevel> = {
  tradeSent: 'toastOnly',
  tradeConfirmed: 'toastOnly',
  tradeFailed: 'toastAndBell',
  tradeStuck: 'toastAndBell',
  alert: 'toastAndBell',
  // Good news is kept in the bell, so the centre tells how an alert or an outage ended, without a toast.
  alertResolved: 'bellOnly',
  serviceDown: 'toastAndBell',
  serviceUp: 'bellOnly',
  connection: 'toastAndBell',
  info: 'toastAndBell',
  success: 'toastAndBell',
  warning: 'toastAndBell',
  error: 'toastAndBell',
  notice: 'toastOnly',
};

/** How bad a signal is: the toast's colour (§4 SENDING blue, CONFIRM green, FAIL red) and the title count. */
export const SIGNAL_SEVERITIES = ['info', 'success', 'warning', 'error'] as const;
export type SignalSeverity = (typeof SIGNAL_SEVERITIES)[number];

/** Toasts on screen at most, by default; the rest collapse into "+K more". A preference. */
export const DEFAULT_TOAST_LIMIT = 4;
export const MIN_TOAST_LIMIT = 1;
export const MAX_TOAST_LIMIT = 8;

/** An identical toast (same kind and text) within this long after the last one merges into it (×count). */
export const TOAST_MERGE_WINDOW_MS = 5000;

/** The centre keeps the newest this many entries, across sessions (IndexedDB). */
export const CENTRE_MAX_ENTRIES = 2000;

/** How often the live state is looked at for a trade that became stuck or a service that went down or came back. */
export const SYSTEM_SIGNAL_LOOK_MS = 1000;

/** Snooze everything (toasts, sounds, browser notifications) for one of these. */
export const SNOOZE_DURATIONS_MS = [15 * 60_000, 60 * 60_000] as const;

/**
 * The toast id react-admin's "The form is not valid…" is shown under, so a save that then goes
 * through closes it; the kit's success notices ask for it with `closes`.
 */
export const FORM_INVALID_TOAST_ID = 'form:invalid';

/** localStorage keys, per user in this browser (signalOwner.ts names them). */
export const SIGNAL_POLICY_STORAGE_KEY = 'signalPolicy';
/** Where the mutes of before the levels were kept: read once per user, migrated, then removed. */
export const SIGNAL_PREFS_STORAGE_KEY = 'signalPrefs';
export const CENTRE_READ_STORAGE_KEY = 'signalsReadUpTo';
/** IndexedDB database of the centre. */
export const CENTRE_DB_NAME = 'operator-console-signals';
