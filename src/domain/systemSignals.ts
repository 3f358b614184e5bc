/**
 * What the live state says that an operator should be told of once, when it changes: a trade that
 * became stuck, a service that went down or came back (docs/guide.md "The notification centre").
 * Compared look by look, so a state that lasts is told once, not on every event.
 */
export interface SystemLook {
  /** tradeIds of the trades stuck now. */
  stuck: ReadonlySet<string>;
  /** Names of the services down now (not connected). */
  down: ReadonlySet<string>;
}

export interface SystemChanges {
  newlyStuck: string[];
  /** Stuck at the last look, not now: moved on (or settled). */
  movedOn: string[];
  newlyDown: string[];
  backUp: string[];
}

const added = (before: ReadonlySet<string>, now: ReadonlySet<string>) => [...now].filter((x) => !before.has(x));

/**
 * The changes from the last look to this one. The first look (`before` null) tells what is already
 * wrong: a console opened on a stuck trade or a service down is told of it; nothing comes back up
 * that was not seen down.
 */
export function systemChanges(before: SystemLook | null, now: SystemLook): SystemChanges {
  const empty: SystemLook = { stuck: new Set(), down: new Set() };
  const was = before ?? empty;
  return {
    newlyStuck: added(was.stuck, now.stuck),
    movedOn: added(now.stuck, was.stuck),
    newlyDown: added(was.down, now.down),
    backUp: before === null ? [] : added(now.down, was.down),
  };
}
