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

/** localStorage: this browser's own alert rules (JSON, checked with the AlertRules schema on read). */
export const ALERT_RULES_STORAGE_KEY = 'alertRules';

/** Most rules one list (this browser's, or the shared one in misc settings) may hold. */
export const ALERT_RULES_MAX = 50;

/** Longest duration a time rule may be set to: one day, in seconds. */
export const ALERT_SECONDS_MAX = 86_400;
