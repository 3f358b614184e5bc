/**
 * Changes not yet seen, per resource: every realtime event on a resource the operator is not
 * looking at adds its records (or one, when the ids are not known) to that resource's count; opening
 * the resource clears it (at once; a growing count is told at most twice a second). The menu reads
 * the counts into its items' names ("Manage tokens, 3 new changes").
 */
import { useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { DataProviderContext } from 'react-admin';
import { listTopic, type RealtimeCallback, type RealtimeMethods } from '../dataProvider/realtime.ts';
import { pathOf, type ResourceDefinition } from './definition.ts';

type Counts = Readonly<Record<string, number>>;

let counts: Counts = {};
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of [...listeners]) listener();
};

/**
 * How often a growing count is told. A busy collection grows every frame, and a count that changes
 * every frame cannot be read while each change re-renders its menu item (bench/README.md "firehose").
 */
const GROWTH_TOLD_EVERY_MS = 500;
let growthTimer: ReturnType<typeof setTimeout> | undefined;

function add(resource: string, n: number): void {
  counts = { ...counts, [resource]: (counts[resource] ?? 0) + n };
  growthTimer ??= setTimeout(() => {
    growthTimer = undefined;
    emit();
  }, GROWTH_TOLD_EVERY_MS);
}

export function clearUnseen(resource: string): void {
  if (!counts[resource]) return;
  const { [resource]: _seen, ...rest } = counts;
  counts = rest;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useUnseenChanges(resource: string): number {
  return useSyncExternalStore(subscribe, () => counts[resource] ?? 0);
}

/** How the menu names an item with changes waiting. */
export function unseenLabel(title: string, count: number): string {
  if (count === 0) return title;
  return `${title}, ${count} new ${count === 1 ? 'change' : 'changes'}`;
}

const isUnder = (pathname: string, definition: ResourceDefinition) =>
  pathname === pathOf(definition) || pathname.startsWith(`${pathOf(definition)}/`);

/** Mounted once in the signed-in frame: counts each resource's events while it is not in view. */
export function UnseenChangesTracker({ definitions }: { definitions: readonly ResourceDefinition[] }) {
  const dataProvider = useContext(DataProviderContext) as Partial<RealtimeMethods> | null;
  const { pathname } = useLocation();
  const current = useRef(pathname);

  useEffect(() => {
    current.current = pathname;
    for (const definition of definitions) if (isUnder(pathname, definition)) clearUnseen(definition.name);
  }, [pathname, definitions]);

  useEffect(() => {
    if (typeof dataProvider?.subscribe !== 'function' || typeof dataProvider.unsubscribe !== 'function') return undefined;
    const realtime = dataProvider as RealtimeMethods;
    const subscriptions = definitions.filter((definition) => definition.countsUnseen !== false).map((definition) => {
      const topic = listTopic(definition.name);
      const callback: RealtimeCallback = (event) => {
        // Read at the time of the event: the operator may have moved since the subscription.
        if (isUnder(current.current, definition)) return;
        add(definition.name, Math.max(1, event.payload.ids.length));
      };
      void realtime.subscribe(topic, callback);
      return () => void realtime.unsubscribe(topic, callback);
    });
    return () => {
      for (const unsubscribe of subscriptions) unsubscribe();
    };
  }, [dataProvider, definitions]);
  return null;
}
