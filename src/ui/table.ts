/** Client-side sort for small lists held in memory (Analytics' group tables). */
export type Order = 'asc' | 'desc';

export interface SortState<K extends string> {
  field: K;
  order: Order;
}

export function sortBy<T, K extends string>(rows: readonly T[], sort: SortState<K>, value: (row: T, field: K) => string | number): T[] {
  const dir = sort.order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a, sort.field);
    const y = value(b, sort.field);
    return (x < y ? -1 : x > y ? 1 : 0) * dir;
  });
}

/** The page sizes a paged list offers. */
export const PER_PAGE_OPTIONS = [10, 25, 50, 100];
