/**
 * The two query conventions of the list routes (GET /configs, GET /txs/; docs/protocol.md
 * "Lists"):
 *
 * - the console's own: `sort=<field>&order=ASC|DESC&page=<1-based>&perPage=<n>&filter=<JSON>`,
 *   answered `{data, total}`;
 * - react-admin's simple REST dialect (ra-data-simple-rest): `sort=["field","ASC"]&range=[start,end]
 *   &filter=<JSON>`, answered with the bare array of records and `Content-Range: <resource>
 *   <first>-<last>/<total>` (`<resource> *\/<total>` for an empty page). A `sort` array without
 *   `range` is read too, and answered `{data, total}`.
 *
 * In the simple-rest form `id` names the list's id field in `sort` (react-admin sorts by `id` unless
 * told otherwise): `sort=["id","ASC"]` on GET /configs sorts by configName.
 *
 * A route takes both by spreading `listConvention(idField)` into its options. Its preValidation hook
 * rewrites a simple-rest query into the console's before the route's schema reads it (so one
 * schema judges both, and the handler never knows which was used); its onSend hook turns the
 * answer the route sent as usual, `{"data":[…],"total":n}`, into the array and the header. The
 * array is cut out of the answer's text, never parsed and written again: for GET /txs/ that text is
 * the bytes the database wrote (TxRepo.listBody), sent as a view of the same buffer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIST_MAX_PER_PAGE, type ValidationIssue } from '../../../src/contract/index.ts';
import { invalidRequest } from './httpError.ts';

/** A simple-rest range, inclusive: records start … start + length - 1. */
export interface ListRange {
  start: number;
  length: number;
}

/** The query in the console's convention, and the range when one was asked for. */
export interface ConventionQuery {
  query: Record<string, unknown>;
  range?: ListRange;
}

/** The console's paging and order parameters, which do not mix with the simple-rest form. */
const CONSOLE_ONLY_PARAMS = ['order', 'page', 'perPage'] as const;

const issue = (field: string, message: string): ValidationIssue => ({ in: 'query', field, message });

/** JSON text of an array, or undefined when the text is not one. */
function jsonArray(text: string): unknown[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const isArrayText = (value: unknown): value is string => typeof value === 'string' && value.trimStart().startsWith('[');

function readRange(value: unknown): ListRange | ValidationIssue {
  if (Array.isArray(value)) return issue('range', 'range must be given once');
  const pair = typeof value === 'string' ? jsonArray(value) : undefined;
  if (!pair || pair.length !== 2 || !pair.every((n) => typeof n === 'number' && Number.isSafeInteger(n))) {
    return issue('range', 'range must be a JSON array [start, end] of two whole numbers, e.g. [0,24]');
  }
  const [start, end] = pair as [number, number];
  if (start < 0 || end < start) return issue('range', 'range must be [start, end] with 0 ≤ start ≤ end');
  const length = end - start + 1;
  if (length > LIST_MAX_PER_PAGE) return issue('range', `range must cover at most ${LIST_MAX_PER_PAGE} records`);
  if (start % length !== 0) return issue('range', 'range must be [start, end] with start a multiple of its length');
  return { start, length };
}

function readSort(value: string): { sort: string; order: string } | ValidationIssue {
  const pair = jsonArray(value);
  if (!pair || pair.length !== 2 || !pair.every((part) => typeof part === 'string')) {
    return issue('sort', 'sort must be a JSON array [field, order], e.g. ["createdAt","DESC"]');
  }
  const [sort, order] = pair as [string, string];
  return { sort, order };
}

/**
 * A list query in the console's convention: itself when it is written in it, the simple-rest form
 * translated (sort array -> sort and order; range [start, end] -> perPage = end - start + 1,
 * page = start / perPage + 1). Throws a 400 naming each parameter for a malformed range or sort,
 * or for the two forms mixed. What is left (the field names, the order's spelling, the filter) is
 * the route's schema's to judge, as for the console's form.
 */
export function toConsoleQuery(query: Record<string, unknown>, idField = 'id'): ConventionQuery {
  const hasRange = Object.hasOwn(query, 'range');
  const sortArray = isArrayText(query.sort);
  if (!hasRange && !sortArray) return { query };

  const issues: ValidationIssue[] = [];
  for (const param of CONSOLE_ONLY_PARAMS) {
    if (Object.hasOwn(query, param)) {
      issues.push(issue(param, `${param} is not used with range or sort=[field, order]: send one form or the other`));
    }
  }
  if (hasRange && query.sort !== undefined && !sortArray) {
    issues.push(issue('sort', 'with range, sort must be a JSON array [field, order], e.g. ["createdAt","DESC"]'));
  }
  const { range: rangeParam, sort: sortParam, ...rest } = query;
  const range = hasRange ? readRange(rangeParam) : undefined;
  if (range && 'message' in range) issues.push(range);
  const sort = sortArray ? readSort(sortParam as string) : undefined;
  if (sort && 'message' in sort) issues.push(sort);
  if (issues.length > 0) throw invalidRequest(issues);

  const translated: Record<string, unknown> = { ...rest };
  if (sort && !('message' in sort)) Object.assign(translated, { ...sort, sort: sort.sort === 'id' ? idField : sort.sort });
  if (range && !('message' in range)) {
    translated.page = String(range.start / range.length + 1);
    translated.perPage = String(range.length);
    return { query: translated, range };
  }
  return { query: translated };
}

/** The records and the total of a list answer's JSON text, `{"data":[…],"total":n}` exactly. */
export interface ListAnswerParts<Text extends string | Uint8Array> {
  /** The `[…]` of the text: a substring, or a view of the same bytes. */
  records: Text;
  total: number;
}

const DATA_KEY = '{"data":';
const TOTAL_KEY = ',"total":';
const DATA_KEY_BYTES = Buffer.from(DATA_KEY);
const TOTAL_KEY_BYTES = Buffer.from(TOTAL_KEY);

/** Characters of a JSON number: digits, sign, point, exponent. */
const isNumberChar = (c: number) => (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2b || c === 0x2d || c === 0x65 || c === 0x45;

/**
 * Cuts a list answer into its records' text and its total. The total is the last member and a
 * number, so it is read from the end; nothing in the records is looked at. (SQLite writes GET
 * /txs/'s total as a REAL, `500.0`: any JSON spelling of a whole number is read.) Throws when the
 * text is not laid out so (a route's answer changed shape: a server bug, answered 500).
 */
export function splitListAnswer<Text extends string | Uint8Array>(text: Text): ListAnswerParts<Text> {
  const bytes = typeof text === 'string' ? undefined : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  const length = text.length;
  const at = (i: number) => (bytes ? (bytes[i] ?? -1) : (text as string).charCodeAt(i));
  let digits = length - 1;
  while (digits > 0 && isNumberChar(at(digits - 1))) digits--;
  const keyStart = digits - TOTAL_KEY.length;
  const total = Number(bytes ? bytes.toString('latin1', digits, length - 1) : (text as string).slice(digits, length - 1));
  const laidOut =
    length > DATA_KEY.length + TOTAL_KEY.length + 3 &&
    at(length - 1) === 0x7d &&
    digits < length - 1 &&
    Number.isSafeInteger(total) &&
    total >= 0 &&
    (bytes
      ? bytes.subarray(0, DATA_KEY.length).equals(DATA_KEY_BYTES) && bytes.subarray(keyStart, digits).equals(TOTAL_KEY_BYTES)
      : (text as string).startsWith(DATA_KEY) && (text as string).startsWith(TOTAL_KEY, keyStart)) &&
    at(DATA_KEY.length) === 0x5b &&
    at(keyStart - 1) === 0x5d;
  if (!laidOut) throw new Error('a list answer is not {"data":[…],"total":n}');
  const records = (bytes ? bytes.subarray(DATA_KEY.length, keyStart) : (text as string).slice(DATA_KEY.length, keyStart)) as Text;
  return { records, total };
}

/** `Content-Range` of a page of `range` out of `total` records, in `unit` (the resource's name). */
export function contentRange(unit: string, range: ListRange, total: number): string {
  const count = Math.min(range.length, Math.max(0, total - range.start));
  return count === 0 ? `${unit} */${total}` : `${unit} ${range.start}-${range.start + count - 1}/${total}`;
}

/** The resource's name as the route's path writes it: `/api/txs/` -> `txs`. */
function unitOf(request: FastifyRequest): string {
  return (request.routeOptions.url ?? '').split('/').filter((part) => part !== '').at(-1) ?? 'items';
}

/** The ranges asked for, by request, from the query's rewrite to the answer's. */
const ranges = new WeakMap<FastifyRequest, ListRange>();

/**
 * The route options of a list route that speaks both conventions, `idField` being the field that
 * identifies its records (`id` in the simple-rest form's sort):
 * `app.get(url, { ...listConvention('configName'), schema }, handler)`.
 */
export const listConvention = (idField: string) => ({
  preValidation: async (request: FastifyRequest) => {
    const query = request.query;
    if (typeof query !== 'object' || query === null) return;
    const { query: translated, range } = toConsoleQuery(query as Record<string, unknown>, idField);
    if (translated === query) return;
    request.query = translated;
    if (range) ranges.set(request, range);
  },
  onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const range = ranges.get(request);
    if (!range || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !(payload instanceof Uint8Array)) throw new Error('a list answer is not JSON text');
    const { records, total } = splitListAnswer(payload);
    void reply.header('content-range', contentRange(unitOf(request), range, total));
    return records;
  },
});
