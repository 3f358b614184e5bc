/**
 * The live store: one immutable LiveState, updated immediately by the socket handlers, with
 * subscribers told at most once per animation frame (STYLE: live values are coalesced, never
 * React state per message). Only the touched branch of the state is replaced, so a component
 * selecting another branch keeps the same value and does not re-render.
 */
import { initialLiveState, type LiveState } from './liveState.ts';

/** Things resource screens may want to invalidate their react-query caches for. */
export type LiveChangeKind = 'tokens' | 'bridges' | 'userLogs' | 'checker';

/** Runs a callback on the next frame (or soon, where there are no frames). */
export type FrameScheduler = (flush: () => void) => void;

/** requestAnimationFrame in a browser; a 16 ms timer in non-DOM environments (tests, SSR). */
export const defaultFrameScheduler: FrameScheduler = (flush) => {
  if (typeof globalThis.requestAnimationFrame === 'function') globalThis.requestAnimationFrame(() => flush());
  else globalThis.setTimeout(flush, 16);
};

export type LivePatch = Partial<LiveState>;

export class LiveStore {
  private state: LiveState = initialLiveState();
  /** What subscribers were last told about; React renders from this one. */
  private published: LiveState = this.state;
  private readonly listeners = new Set<() => void>();
  private readonly changeListeners = new Map<LiveChangeKind, Set<() => void>>();
  private readonly dirtyKinds = new Set<LiveChangeKind>();
  private flushScheduled = false;
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

  /** Subscribe to a coarse kind of change (coalesced per frame like everything else). */
  onLiveChange = (kind: LiveChangeKind, cb: () => void): (() => void) => {
    let set = this.changeListeners.get(kind);
    if (!set) {
      set = new Set();
      this.changeListeners.set(kind, set);
    }
    set.add(cb);
    return () => {
      set.delete(cb);
    };
  };

  /**
   * Apply a patch computed from the current state. A patch whose values are all identical to the
   * current ones (or null) changes nothing: no new state object, no notification.
   */
  update(recipe: (s: LiveState) => LivePatch | null, kinds: readonly LiveChangeKind[] = []): void {
    const patch = recipe(this.state);
    if (!patch) return;
    let changed = false;
    for (const key of Object.keys(patch) as (keyof LiveState)[]) {
      if (!Object.is(patch[key], this.state[key])) {
        changed = true;
        break;
      }
    }
    if (!changed) return;
    this.state = { ...this.state, ...patch };
    for (const kind of kinds) this.dirtyKinds.add(kind);
    this.requestFlush();
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
    if (this.published === this.state && this.dirtyKinds.size === 0) return;
    this.published = this.state;
    const kinds = [...this.dirtyKinds];
    this.dirtyKinds.clear();
    for (const listener of [...this.listeners]) listener();
    for (const kind of kinds) for (const cb of [...(this.changeListeners.get(kind) ?? [])]) cb();
  };
}

/** The one store of the app. */
export const liveStore = new LiveStore();

/** react-admin list invalidation hook-up: `onLiveChange('tokens', () => queryClient.invalidateQueries(...))`. */
export function onLiveChange(kind: LiveChangeKind, cb: () => void): () => void {
  return liveStore.onLiveChange(kind, cb);
}
