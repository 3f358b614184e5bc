/**
 * The live store: one immutable LiveState, updated immediately by the socket handlers, with
 * subscribers told at most once per animation frame (docs/architecture.md "Live data": coalesced, never
 * React state per message). Only the touched branch of the state is replaced, so a component
 * selecting another branch keeps the same value and does not re-render.
 */
import { initialLiveState, type LiveState } from './liveState.ts';
import {
  diffCollection, LIVE_COLLECTION_NAMES, type AnnouncedCollectionName, type CollectionChange,
} from './liveCollections.ts';
import { defaultFrameScheduler, frameQueue, type FrameScheduler } from './frameQueue.ts';

export type LivePatch = Partial<LiveState>;

export class LiveStore {
  private state: LiveState = initialLiveState();
  /** What subscribers were last told about; React renders from this one. */
  private published: LiveState = this.state;
  private readonly listeners = new Set<() => void>();
  private readonly collectionListeners = new Set<(change: CollectionChange) => void>();
  private readonly announced = new Set<AnnouncedCollectionName>();
  private flushScheduled = false;
  /** Maps copied since the last publish: still private to the store, so writable in place. */
  private drafts = new WeakSet<object>();
  private readonly schedule: FrameScheduler;

  constructor(schedule: FrameScheduler = defaultFrameScheduler) {
    this.schedule = schedule;
  }

  /** The latest state, including updates not yet published to subscribers. */
  getState = (): LiveState => this.state;

  /** The state as of the last notification; what useLive renders. */
  getSnapshot = (): LiveState => this.published;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /**
   * Each frame's changes per live collection (ids created, updated, deleted), after subscribers
   * of the state were told: the data provider's realtime events.
   */
  onCollectionChange = (cb: (change: CollectionChange) => void): (() => void) => {
    this.collectionListeners.add(cb);
    return () => {
      this.collectionListeners.delete(cb);
    };
  };

  /** A collection the store does not hold changed (a tx sent or confirmed); told with the next frame. */
  announce(collection: AnnouncedCollectionName): void {
    this.announced.add(collection);
    this.requestFlush();
  }

  /**
   * Apply a patch computed from the current state. A patch whose values are all identical to the
   * current ones (or null) changes nothing: no new state object, no notification.
   */
  update(recipe: (s: LiveState) => LivePatch | null): void {
    const patch = recipe(this.state);
    if (!patch) return;
    let changed = false;
    for (const key of Object.keys(patch) as (keyof LiveState)[]) {
      const value = patch[key];
      // A draft returned again was written in place, which is a change too.
      if (!Object.is(value, this.state[key]) || (typeof value === 'object' && value !== null && this.drafts.has(value))) {
        changed = true;
        break;
      }
    }
    if (!changed) return;
    this.state = { ...this.state, ...patch };
    this.requestFlush();
  }

  /**
   * A writable version of a Map branch for this frame: the first call after a publish copies it,
   * later calls in the same frame return that copy. A busy keyed collection then costs one copy
   * per frame instead of one per event, and nothing published is ever mutated. Return the draft
   * in the update patch only when it was actually written.
   */
  draftMap<K, V>(branch: ReadonlyMap<K, V>): Map<K, V> {
    if (this.drafts.has(branch)) return branch as Map<K, V>;
    const copy = new Map(branch);
    this.drafts.add(copy);
    return copy;
  }

  /** Back to the initial state (logout); subscribers are told on the next frame. */
  reset(): void {
    this.state = initialLiveState();
    this.requestFlush();
  }

  private requestFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    this.schedule(this.flush);
  }

  private readonly flush = (): void => {
    this.flushScheduled = false;
    if (this.published === this.state && this.announced.size === 0) return;
    const before = this.published;
    this.published = this.state;
    this.drafts = new WeakSet();
    for (const listener of [...this.listeners]) listener();
    if (this.collectionListeners.size === 0) {
      this.announced.clear();
      return;
    }
    const changes: CollectionChange[] = [];
    // The first init fills the collections: what the server has, not a change anyone made.
    for (const name of before.initialised ? LIVE_COLLECTION_NAMES : []) {
      const change = diffCollection(before, this.published, name);
      if (change) changes.push(change);
    }
    for (const name of this.announced) changes.push({ collection: name, created: [], updated: [], deleted: [], unknownIds: true });
    this.announced.clear();
    for (const change of changes) for (const cb of [...this.collectionListeners]) cb(change);
  };
}

/**
 * Benchmark baseline only: with localStorage "bench:renderPerEvent" set to "1", the app's store tells
 * subscribers after every event, i.e. the naive setState-per-message console that
 * bench/firehose.bench.ts measures the per-frame coalescing against. Never set in normal use.
 */
export const RENDER_PER_EVENT_KEY = 'bench:renderPerEvent';
const renderPerEventScheduler: FrameScheduler = (flush) => flush();

function benchRendersPerEvent(): boolean {
  try {
    return globalThis.localStorage?.getItem(RENDER_PER_EVENT_KEY) === '1';
  } catch {
    return false;
  }
}

const perEvent = benchRendersPerEvent();
// The naive console knows no pacing either: the toast stack stays in the frame callback.
if (perEvent) frameQueue.pace('inFrame');

/** The one store of the app. */
export const liveStore = new LiveStore(perEvent ? renderPerEventScheduler : defaultFrameScheduler);
