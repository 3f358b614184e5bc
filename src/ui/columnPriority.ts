/**
 * Which columns a list shows by default at a viewport width (a wide table keeps its
 * identifying column and its actions and drops low-priority columns into the column chooser before
 * it ever overflows). Each width range keeps its own column choice (`tierOf` names the range), so
 * what an operator picks on a wide screen does not push a narrow one past its edge.
 */

/**
 * How much a column matters when room is short: 'primary' identifies the row and is kept at every
 * width, 'high' (the default) from the narrowest desktop width, 'medium' from 1440 px, 'low' from
 * 1920 px. A column hidden by its priority is still offered by the column chooser.
 */
export type ColumnPriority = 'primary' | 'high' | 'medium' | 'low';

/** The narrowest viewport (CSS px) at which a column of each priority is shown by default. */
export const PRIORITY_MIN_WIDTH: Readonly<Record<ColumnPriority, number>> = {
  primary: 0,
  high: 0,
  medium: 1440,
  low: 1920,
};

/** Below this width a list is a phone list (react-admin's SimpleList), not a table. */
export const PHONE_MAX_WIDTH = 600;

export interface PrioritizedColumn {
  source: string;
  priority?: ColumnPriority;
  /** Hidden until chosen in the column chooser, at any width. */
  hidden?: boolean;
}

/** The width ranges the priorities draw, widest first: the range a viewport width falls in. */
export function tierOf(width: number): 'wide' | 'medium' | 'narrow' {
  if (width >= PRIORITY_MIN_WIDTH.low) return 'wide';
  return width >= PRIORITY_MIN_WIDTH.medium ? 'medium' : 'narrow';
}

/** The columns hidden by default at `width`: those hidden at any width, and those whose priority needs more room. */
export function hiddenColumnsAt(columns: readonly PrioritizedColumn[], width: number): string[] {
  return columns.filter((c) => c.hidden === true || width < PRIORITY_MIN_WIDTH[c.priority ?? 'high']).map((c) => c.source);
}

/**
 * Where react-admin keeps the operator's column choice of a list at this width: the widest range
 * keeps react-admin's own key (what was chosen before ranges existed), the others a key of their own.
 */
export function columnStoreKey(resource: string, width: number): string {
  const tier = tierOf(width);
  return tier === 'wide' ? `${resource}.datatable` : `${resource}.datatable.${tier}`;
}
