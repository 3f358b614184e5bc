/**
 * Trades as journeys (docs/protocol.md "Trades", a console extension): where their screens live and how
 * many stuck trades home lists. A backend may leave trades out; the console then hides these screens.
 */

/** react-admin's resource name of the trades, and so their route: /tx/trades, one trade at /tx/trades/{tradeId}. */
export const TRADES_RESOURCE = 'tx/trades';
export const TRADES_PATH = `/${TRADES_RESOURCE}`;

/** Home's Stuck trades panel lists the oldest this many (the count says how many there are). */
export const STUCK_TRADES_SHOWN = 3;

/**
 * The most stuck trades the console reads at once to know which are stuck (GET /trades/ with
 * state stuck): after a reconnect, since tradeStuck is told once and not replayed.
 */
export const STUCK_TRADES_READ = 100;

/** A stuck trade's events are followed by a read of the stuck list after this pause (a burst is one read). */
export const STUCK_TRADES_READ_DELAY_MS = 300;
