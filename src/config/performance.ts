/** The Home Performance card's periods and how often it follows new trades. */

export const PERFORMANCE_PERIODS = ['24h', '7d', '30d'] as const;
export type PerformancePeriod = (typeof PERFORMANCE_PERIODS)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Each period: its length, the bucket of its bars (docs/protocol.md "Stats": UTC hour or day) and its words. */
export const PERFORMANCE_PERIOD: Readonly<Record<PerformancePeriod, { ms: number; bucket: 'hour' | 'day'; bucketMs: number; words: string }>> = {
  '24h': { ms: DAY, bucket: 'hour', bucketMs: HOUR, words: 'the last 24 h' },
  '7d': { ms: 7 * DAY, bucket: 'hour', bucketMs: HOUR, words: 'the last 7 days' },
  '30d': { ms: 30 * DAY, bucket: 'day', bucketMs: DAY, words: 'the last 30 days' },
};

/** New trades refresh the card's current bucket at most this often: a busy feed redraws it every few seconds, not per trade. */
export const PERFORMANCE_REFRESH_MS = 3_000;
