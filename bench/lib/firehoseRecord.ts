/**
 * The firehose bench's guard against slipping back: this run's event-to-paint p95 per row against
 * the last figure recorded in bench/README.md. The README's table is prose for people (ranges,
 * "2.9 s", remarks), so the figures the guard compares with sit in a fenced json block under
 * "## firehose", introduced by a line containing RECORDED_MARKER:
 *
 *     Recorded figures (event-to-paint p95 in ms per row, read by `npm run bench -- firehose`):
 *
 *     ```json
 *     { "10": 38, "100": 165, "baseline 100": 439, "phone 10 x4": 120 }
 *     ```
 *
 * Keys are row keys (`rowKey`), values milliseconds. Plain functions, so they are unit-tested
 * without a browser (tests/bench/firehoseRecord.test.ts).
 */

export const RECORDED_MARKER = 'Recorded figures';
const SECTION = '## firehose';

/** The key of a row: the simulator rate, prefixed for the baseline and suffixed for the phone-class row. */
export function rowKey(rate: number, options: { baseline?: boolean; throttle?: number } = {}): string {
  const base = options.throttle === undefined ? String(rate) : `phone ${rate} x${options.throttle}`;
  return options.baseline ? `baseline ${base}` : base;
}

/**
 * The recorded p95 figures from the README text: the first ```json block after the marker line in
 * the "## firehose" section. An empty map when there is none; an error when the block is there
 * but is not an object of finite, non-negative numbers (a broken record must not pass silently).
 */
export function parseRecorded(readme: string): Map<string, number> {
  const lines = readme.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() === SECTION);
  if (start < 0) return new Map();
  let end = lines.findIndex((line, i) => i > start && /^## /.test(line));
  if (end < 0) end = lines.length;
  const section = lines.slice(start + 1, end);
  const marker = section.findIndex((line) => line.includes(RECORDED_MARKER));
  if (marker < 0) return new Map();
  const open = section.findIndex((line, i) => i > marker && line.trim() === '```json');
  if (open < 0) return new Map();
  const close = section.findIndex((line, i) => i > open && line.trim() === '```');
  if (close < 0) throw new Error(`${SECTION}: the recorded figures' json block is not closed`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(section.slice(open + 1, close).join('\n'));
  } catch (err) {
    throw new Error(`${SECTION}: the recorded figures are not JSON (${String(err)})`, { cause: err });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${SECTION}: the recorded figures must be a JSON object`);
  const recorded = new Map<string, number>();
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new Error(`${SECTION}: recorded figure "${key}" must be a non-negative number of ms`);
    recorded.set(key, value);
  }
  return recorded;
}

export interface CurrentFigure {
  key: string;
  /** Event-to-paint p95 of this run in ms (NaN when nothing was painted). */
  p95: number;
}

const ms = (value: number) => (value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`);

/**
 * One line per row of this run: "rate 100: p95 182 ms, recorded 165 ms: 1.10x slower". The ratio is
 * this run / recorded, so above 1 is slower; below 1 it is printed as "0.80x (faster)".
 */
export function compareWithRecorded(current: readonly CurrentFigure[], recorded: ReadonlyMap<string, number>): string[] {
  return current.map(({ key, p95 }) => {
    const label = /^\d/.test(key) ? `rate ${key}` : key;
    if (!Number.isFinite(p95)) return `${label}: no paint measured`;
    const before = recorded.get(key);
    if (before === undefined) return `${label}: p95 ${ms(p95)}, no recorded figure`;
    if (before === 0) return `${label}: p95 ${ms(p95)}, recorded 0 ms: no ratio`;
    const ratio = p95 / before;
    return `${label}: p95 ${ms(p95)}, recorded ${ms(before)}: ${ratio.toFixed(2)}x ${ratio >= 1 ? 'slower' : '(faster)'}`;
  });
}
