/**
 * The toasts on screen, as a small store the stack view subscribes to (useSyncExternalStore): each
 * toast's time left, merging of identical toasts (×count), logical ids, and which stay visible
 * (domain pickVisible: at most the operator's limit; the rest are "+K more"). Timers pause while
 * the pointer is over the stack (§2) and the count of hidden ones lives until they would have
 * closed themselves.
 */
import type { ReactNode } from 'react';
import { mergesInto, pickVisible } from '../domain/signals.ts';
import type { ToastVariantName } from '../domain/signals.ts';

export interface StackClock {
  now(): number;
  setTimeout(cb: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: StackClock = {
  now: () => Date.now(),
  setTimeout: (cb, ms) => globalThis.setTimeout(cb, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface OpenToast {
  key: string;
  message: ReactNode;
  variant: ToastVariantName;
  persistent: boolean;
  /** How many identical toasts this one stands for. */
  count: number;
  seq: number;
  /** Logical ids shown into this toast (two merged trades' SENDING toasts carry both). */
  ids: string[];
  mergeKey: string | null;
  /** Whether the notification centre lists it (its kind's level reaches the bell). */
  listed: boolean;
  /** When the last identical one arrived. */
  lastAt: number;
  autoHideMs: number | null;
  /** While running: when it closes; while paused: null (see left). */
  closesAt: number | null;
  /** While paused: ms left. */
  left: number | null;
}

export interface StackView {
  /** Newest first. */
  visible: readonly OpenToast[];
  /** Open toasts beyond the limit. */
  more: number;
}

export interface StackShowOptions {
  variant: ToastVariantName;
  autoHideDuration: number | null;
  id?: string;
  mergeKey?: string | null;
  /** Whether the centre lists it (default true); one it does not is not let go when the centre opens. */
  listed?: boolean;
}

export interface ToastStack {
  show(message: ReactNode, options: StackShowOptions): void;
  close(id: string): void;
  closeKey(key: string): void;
  closeAll(): void;
  /** The limit changed: which are visible is worked out again. */
  refresh(): void;
  /**
   * The toasts beyond the limit that the centre lists are let go (the operator opened it, where
   * they are); the others (a kind at Toast only) stay until they close themselves.
   */
  dropHidden(): void;
  pause(): void;
  resume(): void;
  getView(): StackView;
  subscribe(listener: () => void): () => void;
}

const EMPTY: StackView = { visible: [], more: 0 };

export function createToastStack(limit: () => number, clock: StackClock = systemClock): ToastStack {
  let open: OpenToast[] = [];
  let view: StackView = EMPTY;
  let seq = 0;
  let paused = false;
  let timer: unknown = null;
  const listeners = new Set<() => void>();

  const schedule = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    if (paused) return;
    let next = Infinity;
    for (const toast of open) if (toast.closesAt !== null) next = Math.min(next, toast.closesAt);
    if (next === Infinity) return;
    timer = clock.setTimeout(expire, Math.max(0, next - clock.now()));
  };

  const changed = () => {
    // The stack leaves the screen with its last toast, and the pointer with it: nothing stays paused.
    if (open.length === 0) paused = false;
    const visible = pickVisible(open, limit());
    view = open.length === 0 ? EMPTY : { visible, more: open.length - visible.length };
    schedule();
    for (const listener of [...listeners]) listener();
  };

  function expire() {
    timer = null;
    const now = clock.now();
    const before = open.length;
    open = open.filter((toast) => toast.closesAt === null || toast.closesAt > now);
    if (open.length !== before) changed();
    else schedule();
  }

  const startTimer = (toast: OpenToast, now: number) => {
    toast.closesAt = paused || toast.autoHideMs === null ? null : now + toast.autoHideMs;
    toast.left = paused ? toast.autoHideMs : null;
  };

  /** Takes a logical id out of its toast: a toast merged from several keeps showing for the others. */
  const release = (id: string): boolean => {
    const toast = open.find((t) => t.ids.includes(id));
    if (!toast) return false;
    if (toast.ids.length > 1) {
      toast.ids = toast.ids.filter((i) => i !== id);
      toast.count = Math.max(1, toast.count - 1);
      open = [...open];
    } else open = open.filter((t) => t !== toast);
    return true;
  };

  return {
    show(message, { variant, autoHideDuration, id, mergeKey = null, listed = true }) {
      const now = clock.now();
      if (id !== undefined) release(id);
      const same = mergeKey === null ? undefined : open.find((t) => t.mergeKey === mergeKey && mergesInto(t.lastAt, now));
      if (same) {
        // One toast, ×count, moved on top with a fresh time: the newest of them just happened.
        const merged: OpenToast = { ...same, message, count: same.count + 1, seq: ++seq, lastAt: now, ids: id === undefined ? same.ids : [...same.ids, id] };
        startTimer(merged, now);
        open = open.map((t) => (t === same ? merged : t));
      } else {
        const toast: OpenToast = {
          key: `toast-${++seq}`,
          message,
          variant,
          persistent: autoHideDuration === null,
          count: 1,
          seq,
          ids: id === undefined ? [] : [id],
          mergeKey,
          listed,
          lastAt: now,
          autoHideMs: autoHideDuration,
          closesAt: null,
          left: null,
        };
        startTimer(toast, now);
        open = [...open, toast];
      }
      changed();
    },
    close(id) {
      if (release(id)) changed();
    },
    closeKey(key) {
      const before = open.length;
      open = open.filter((t) => t.key !== key);
      if (open.length !== before) changed();
    },
    closeAll() {
      if (open.length === 0) return;
      open = [];
      changed();
    },
    refresh: () => changed(),
    dropHidden() {
      const visible = new Set(view.visible);
      const before = open.length;
      open = open.filter((t) => visible.has(t) || !t.listed);
      if (open.length !== before) changed();
    },
    pause() {
      if (paused) return;
      paused = true;
      const now = clock.now();
      for (const toast of open) {
        if (toast.closesAt === null) continue;
        toast.left = Math.max(0, toast.closesAt - now);
        toast.closesAt = null;
      }
      schedule();
    },
    resume() {
      if (!paused) return;
      paused = false;
      const now = clock.now();
      for (const toast of open) {
        if (toast.left === null) continue;
        toast.closesAt = now + toast.left;
        toast.left = null;
      }
      schedule();
    },
    getView: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
