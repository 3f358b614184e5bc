/**
 * The stats extension (docs/protocol.md "Stats", a console extension): trade figures per hour or
 * day, and gas, balance and block-interval history per network. A backend may leave it out (404);
 * the console then hides what depends on it.
 */

/** docs/protocol.md "Stats": an answer has at most this many buckets (GET /stats/trades). */
export const STATS_MAX_BUCKETS = 1000;
/** docs/protocol.md "Stats": a series answer has at most this many points (GET /stats/series). */
export const SERIES_MAX_POINTS = 1000;
/**
 * docs/protocol.md "Stats": the most days of trades one answer of GET /stats/trades may walk. What a
 * query costs is the trades it reads, not the buckets it answers: every trade of the range is read
 * once for the buckets and once more for the groups, so a grouped answer walks its range twice.
 * 732: two years without a group, one (366 days) grouped; at the demo's 900 trades a day a walk of
 * 732 days is some 660,000 index entries, about 0.2 s of a reader thread.
 */
export const STATS_MAX_DAYS_WALKED = 732;
/**
 * docs/protocol.md "Stats": stats queries (both routes) one user may have in flight; past it, 429
 * with Retry-After. The console asks at most five at once (Home: the Performance card and four
 * series of the sparklines' backfill; Analytics: its four groups), so a person at it never meets it.
 */
export const STATS_IN_FLIGHT_PER_USER = 5;
/** docs/protocol.md "Stats": the Retry-After (seconds) of that 429: most answers take far less. */
export const STATS_RETRY_AFTER_S = 1;

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Bucket sizes of GET /stats/trades: UTC hours or UTC days. */
export const STATS_BUCKETS = ['hour', 'day'] as const;
export type StatsBucket = (typeof STATS_BUCKETS)[number];
export const BUCKET_MS: Readonly<Record<StatsBucket, number>> = { hour: HOUR_MS, day: DAY_MS };

/** How GET /stats/trades may group: by token, bridge, route (networkBuy→networkSell) or error code. */
export const STATS_GROUPS = ['token', 'bridge', 'route', 'errCode'] as const;
export type StatsGroup = (typeof STATS_GROUPS)[number];

/** What GET /stats/series records per network: gas estimate, native balance, ms between block heads. */
export const SERIES_KINDS = ['gas', 'balance', 'blockInterval'] as const;
export type SeriesKind = (typeof SERIES_KINDS)[number];

/** The arrow between a route's networks, as route keys are written (docs/protocol.md "Stats"). */
export const ROUTE_ARROW = '→';

/** The Analytics screen's ranges: Home's periods (config/performance.ts) or one of the operator's own. */
export const ANALYTICS_RANGES = ['24h', '7d', '30d', 'custom'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
/** A custom range of up to this long is counted by the hour, a longer one by the day. */
export const ANALYTICS_HOURLY_MAX_MS = 7 * DAY_MS;

/** The series recorder writes one sample per kind and network this often while values arrive (docs/protocol.md "Stats"). */
export const SERIES_SAMPLE_MS = 10_000;
/** Samples are kept this long (docs/protocol.md "Stats": 7 days), then pruned. */
export const SERIES_KEEP_MS = 7 * DAY_MS;
/** The most series (kind × network) recorded at once: the table is bounded by this × keep / sample. */
export const SERIES_MAX_KEYS = 300;
