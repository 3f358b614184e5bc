/**
 * Schema builders the contract's files share: finite numbers, distinct lists, the list query
 * convention. Not part of the contract, so index.ts does not re-export them.
 */
import { LIST_MAX_PER_PAGE } from './base.ts';
import { z } from './zod.ts';

export const finite = z.number().finite();
export const nonNegative = finite.min(0);
export const positive = finite.positive();

/** A list whose entries must be distinct; the issue names the repeated entry's index. */
export function distinct<T extends z.ZodType>(item: T, key: (value: z.output<T>) => unknown = (value) => value) {
  return z.array(item).superRefine((items, ctx) => {
    const seen = new Set<unknown>();
    items.forEach((value, index) => {
      const k = key(value);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [index], message: 'listed twice' });
      seen.add(k);
    });
  });
}

/** The longest JSON `filter` parameter a list route reads. */
const LIST_FILTER_MAX_CHARS = 4000;

/**
 * The list convention of the console (src/dataProvider/resources.ts): sort, order, 1-based page,
 * perPage, and filter as a JSON object in one query parameter.
 */
export function listQuery<const Sort extends readonly [string, ...string[]], F extends z.ZodType>(
  sortFields: Sort,
  defaultSort: Sort[number],
  defaultOrder: 'ASC' | 'DESC',
  filter: F,
) {
  const filterKeys = new Set(filter instanceof z.ZodObject ? Object.keys(filter.shape) : []);
  return z.preprocess(
    (query) => liftFilterParams(query, filterKeys),
    z
      .object({
        sort: z.enum(sortFields).default(defaultSort),
        // asc/desc as well as ASC/DESC.
        order: z.preprocess((order) => (typeof order === 'string' ? order.toUpperCase() : order), z.enum(['ASC', 'DESC'])).default(defaultOrder),
        page: z.coerce.number().int().min(1).default(1),
        perPage: z.coerce.number().int().min(1).max(LIST_MAX_PER_PAGE).default(25),
        filter: z
          .string()
          .max(LIST_FILTER_MAX_CHARS)
          .transform((text, ctx): unknown => {
            try {
              return JSON.parse(text);
            } catch {
              ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
              return z.NEVER;
            }
          })
          .pipe(filter)
          .optional(),
      })
      .strict(),
  );
}

/** Filter fields of a list whose values are numbers: from, to, errCode. */
const NUMERIC_FILTER_PARAMS: ReadonlySet<string> = new Set(['from', 'to', 'errCode']);

/**
 * A filter field may also be its own query parameter (`?status=failed&network=Base`, repeated for
 * several values), merged over the JSON `filter`; a number-only value of a numeric field
 * (NUMERIC_FILTER_PARAMS) is read as a number. Anything else is left for the schema to judge.
 */
function liftFilterParams(query: unknown, filterKeys: ReadonlySet<string>): unknown {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) return query;
  const entries = Object.entries(query as Record<string, unknown>);
  const lifted = entries.filter(([key]) => filterKeys.has(key));
  if (lifted.length === 0) return query;
  const rest = Object.fromEntries(entries.filter(([key]) => !filterKeys.has(key)));
  let base: unknown = {};
  if (typeof rest.filter === 'string') {
    // Too long for the schema anyway; parsing it (a deep nest can overflow the stack) is not our business.
    if (rest.filter.length > LIST_FILTER_MAX_CHARS) return query;
    try {
      base = JSON.parse(rest.filter);
    } catch {
      return query;
    }
  }
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return query;
  const asNumber = (value: unknown) => (typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value);
  const numbers = (value: unknown) => (Array.isArray(value) ? value.map(asNumber) : asNumber(value));
  const merged = { ...(base as Record<string, unknown>), ...Object.fromEntries(lifted.map(([key, value]) => [key, NUMERIC_FILTER_PARAMS.has(key) ? numbers(value) : value])) };
  return { ...rest, filter: JSON.stringify(merged) };
}

/** One value or a few of them (a multi-select filter). */
export function oneOrMany<T extends z.ZodType>(item: T) {
  return z.union([item, z.array(item).min(1).max(50)]);
}
