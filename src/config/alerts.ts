/**
 * Alert rules and the "≈ N txs" column of home's "Gas and balances". docs/product.md states none of
 * these: each is named here once, with why it has its value.
 */

/**
 * The `gas` event (docs/protocol.md "Server -> client events") gives `gasEstimate` without a unit.
 * Assumed here: a gas price in gwei per unit of gas, as the reference simulator emits it
 * (server/src/sim/profiles.ts, `gasGwei`). One gwei is 1e-9 of the native coin.
 */
export const GWEI_IN_NATIVE = 1e-9;

/**
 * Gas one transaction of the system is counted at: about a DEX swap through a router (a plain
 * transfer is 21,000; a swap with a few hops 150,000 to 300,000). The upper end, so "≈ N txs" errs
 * on the side of fewer.
 */
export const TX_GAS_UNITS = 300_000;

/**
 * Networks whose fee is not a gwei price per gas (Solana: compute-unit price; TON and Tron: their own
 * fee models), so "≈ N txs" is not computed for them and reads '–'.
 */
export const GAS_NOT_PRICED_IN_GWEI: readonly string[] = ['Solana', 'TON', 'Tron'];

/** Under this many transactions left, "≈ N txs" is shown in the danger colour. */
export const TXS_LEFT_DANGER = 20;

/** The alert rules are evaluated this often (not per event): time-based rules need a clock anyway. */
export const ALERT_EVALUATE_MS = 1000;

/** localStorage: the rules a browser kept of its own before rules lived on the server only (offered once for saving). */
export const ALERT_RULES_STORAGE_KEY = 'alertRules';

/** Most rules one list (this browser's, or the shared one in misc settings) may hold. */
export const ALERT_RULES_MAX = 50;

/** Longest duration a time rule may be set to: one day, in seconds. */
export const ALERT_SECONDS_MAX = 86_400;

/** docs/protocol.md "Alerts lifecycle": a rule's severity when it names none. */
export const ALERT_SEVERITY_DEFAULT = 'warning';

/** docs/protocol.md "Alerts lifecycle": a rule fires as soon as it holds unless it names a pending period. */
export const ALERT_FOR_SECONDS_DEFAULT = 0;

/**
 * docs/protocol.md "Alerts lifecycle": an alert that holds again within this many seconds of
 * resolving is the same alert, reopened, with no second firing message (a flapping rule pages once).
 */
export const ALERT_RESOLVE_SECONDS_DEFAULT = 60;

/** docs/protocol.md "Alerts lifecycle": a silence ends at most this far ahead (7 days). */
export const SILENCE_MAX_MS = 7 * 86_400_000;

/** The one-press silence a Telegram button and the console's quick choice give: one hour. */
export const SILENCE_QUICK_MS = 3_600_000;

/** Most entries one alert's history keeps (a flapping alert reopens many times); the oldest go first. */
export const ALERT_HISTORY_MAX = 100;

/** Most alerts the server keeps (active ones are never dropped); the oldest resolved go first. */
export const ALERTS_KEPT_MAX = 5_000;

/** Most silences in force at once: each one is checked against every alert every evaluation. */
export const SILENCES_MAX = 200;

/** Most alerts one GET /alerts answer holds. */
export const ALERTS_PAGE_MAX = 500;

/** Longest acknowledgement comment and silence reason, in characters. */
export const ALERT_NOTE_MAX = 500;
