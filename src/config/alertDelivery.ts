/**
 * Alerts delivery (docs/protocol.md "Alerts delivery"). docs/product.md states none of these: each is
 * named here once, with why it has its value. The server and the standalone process read them; tests
 * inject shorter timings.
 */

/**
 * One delivery attempt, connection, headers and body all together, must be done within this or it
 * counts as timed out (docs/protocol.md "Alerts delivery"): a body still dripping at the deadline is
 * a failure, not a delivery.
 */
export const ALERT_DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Most bytes of a destination's answer the server reads (docs/protocol.md "Alerts delivery"); past
 * it the connection is dropped and the attempt is judged by its status alone. A webhook, Slack or
 * Telegram answers a delivery in well under 1 KB; the bound keeps a destination that answers without
 * end from costing the server its memory.
 */
export const ALERT_ANSWER_MAX_BYTES = 64 * 1024;

/** Tries of one message in all (the first and its retries), on 5xx, timeout or no connection. */
export const ALERT_DELIVERY_MAX_ATTEMPTS = 6;

/**
 * The first retry waits this long; each next one twice as long (20 s, 40 s, 80 s, 160 s, 320 s):
 * six tries over about ten minutes, as docs/protocol.md "Alerts delivery" says.
 */
export const ALERT_DELIVERY_BACKOFF_BASE_MS = 20_000;

/** At most this many messages to one destination per minute; past it one summary says how many were held back. */
export const ALERT_DELIVERY_PER_MINUTE = 20;

/** The rate limit's window. */
export const ALERT_DELIVERY_WINDOW_MS = 60_000;

/**
 * At most this many messages wait (pending) for one destination (docs/protocol.md "Alerts
 * delivery"). Past it the oldest waiting are marked failed "dropped: N messages queued for this
 * destination": the newest say what holds now, the oldest have had their tries. 100 is five minutes
 * of a full rate limit (20 a minute) to a destination that is down; 20 destinations × 100 is no
 * more than the rows kept below.
 */
export const ALERT_DELIVERY_QUEUE_MAX = 100;

/**
 * A graceful stop waits at most this long for the attempts in flight to be answered and recorded
 * (docs/protocol.md "Alerts delivery"); one still unanswered is sent again after the next start.
 * Well inside the server's own 10 s shutdown grace.
 */
export const ALERT_DELIVERY_CLOSE_WAIT_MS = 2000;

/** Finished delivery log rows kept; past it the oldest finished go (a message still to send never does). */
export const ALERT_DELIVERIES_KEPT = 2000;

/** GET /api/alerts/deliveries answers at most this many rows (`limit` default and maximum). */
export const ALERT_DELIVERIES_LIMIT_DEFAULT = 100;
export const ALERT_DELIVERIES_LIMIT_MAX = 500;

/** Destinations one server may hold. */
export const ALERT_DESTINATIONS_MAX = 20;

/** Telegram's Bot API, unless a destination names its own (a self-hosted Bot API server, a test). */
export const TELEGRAM_API_BASE_DEFAULT = 'https://api.telegram.org';

/** A stored secret comes back as this mark and its last 4 characters (docs/protocol.md "Alerts delivery"). */
export const SECRET_MASK = '••••';
export const SECRET_VISIBLE_CHARS = 4;
/**
 * A masked URL shows its last SECRET_VISIBLE_CHARS only when the last piece of its hidden part (a path
 * segment, a query value) is at least this long: a short token would be given away whole
 * (docs/protocol.md "Alerts delivery").
 */
export const SECRET_URL_TAIL_MIN = 12;

/** Most characters of an error kept in the delivery log. */
export const ALERT_ERROR_TEXT_MAX = 300;

/**
 * docs/protocol.md "Alerts lifecycle", Telegram commands: how often the server asks a bot with
 * commands on for its updates (button presses). Short polls (no held connection) every 2 s: a press
 * is answered within a few seconds, and a bot costs one small request each time.
 */
export const TELEGRAM_POLL_MS = 2000;

/** Most updates one poll takes: Telegram's own limit. */
export const TELEGRAM_UPDATES_MAX = 100;

/**
 * Most bytes of a getUpdates answer read (docs/protocol.md "Alerts lifecycle", Telegram commands):
 * it is parsed, so it cannot be cut like a delivery's answer. 100 updates, each carrying the message
 * pressed (at most 4,096 characters of text and its buttons), stay well under 1 MiB; a bigger answer
 * is a failed poll, not a read without end.
 */
export const TELEGRAM_ANSWER_MAX_BYTES = 1024 * 1024;

/** A failing bot is reported in the server log at most this often, not on every poll. */
export const TELEGRAM_ERROR_LOG_MS = 60_000;
