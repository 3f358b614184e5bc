/**
 * The `from`/`to` ends of a list's time filter. The list keeps each end in its filter, which
 * react-admin writes into the address, as the instant's ISO UTC text ("2026-01-15T10:00:00.000Z"):
 * a shared link says which times it selects. The servers' list filters take instants in ms
 * (GET /txs/ and GET /trades/ `from`/`to`, POST /logs/more), so every list turns the text into ms
 * before asking (`timeBounds`). Instants, not wall times: the header's time zone changes how an end
 * is shown and typed, never what it selects.
 */

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An end as the list keeps it: the instant's ISO UTC text. */
export function filterTimeText(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * The instant (ms) a kept end stands for: its ISO UTC text, or ms (a link written by hand or by an
 * older console). Anything else (a time without its zone, an edited link) is no end at all.
 */
export function filterTimeOf(value: unknown): number | undefined {
  const ms = typeof value === 'string' ? (INSTANT.test(value) ? Date.parse(value) : NaN) : value;
  return typeof ms === 'number' && Number.isSafeInteger(ms) && ms >= 0 ? ms : undefined;
}

/** The filter's ends in ms, each only when it names an instant: what the servers' `from`/`to` take. */
export function timeBounds(values: Readonly<Record<string, unknown>>): { from?: number; to?: number } {
  const from = filterTimeOf(values.from);
  const to = filterTimeOf(values.to);
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
}

/** What is wrong with the range, said beside its end: the servers refuse an end before the start. */
export function rangeProblem(values: Readonly<Record<string, unknown>>): string | null {
  const { from, to } = timeBounds(values);
  return from !== undefined && to !== undefined && from > to ? 'the end is before the start' : null;
}

/**
 * The filter as a list sends it: `from`/`to` in ms, dropped when they name no instant; every other
 * field as it is.
 */
export function withTimeBounds(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { from: _from, to: _to, ...rest } = values;
  return { ...rest, ...timeBounds(values) };
}
