/**
 * Window positions (§2/§3): defaults stacked at the bottom-left, moved clear of the menu and the
 * other windows when a window opens, and the per-window store in localStorage, validated with zod on
 * the way in; what does not validate falls back to defaults.
 */
import { z } from 'zod';
import { WINDOW_DEFAULT_HEIGHT, WINDOW_DEFAULT_WIDTH, WINDOW_DEFAULT_X, WINDOW_Z_INDEX } from '../../config/constants.ts';
import { placeWindow, stackRank, type ScreenBox } from '../../domain/windowPlacement.ts';
import type { WindowLayout } from './types.ts';

export const LAYOUT_STORAGE_KEY = 'floatingWindows.layout';
/** Room left at the bottom for the window list. */
export const WINDOW_LIST_CLEARANCE = 56;
/** Each further window sits this much higher, so every title bar stays visible. */
export const WINDOW_STACK_OFFSET = 40;
export const WINDOW_MIN_WIDTH = 240;
export const WINDOW_MIN_HEIGHT = 160;
export const WINDOW_HEADER_HEIGHT = 36;
/** Space between a window that opened beside the menu or another window and what it opened beside. */
export const WINDOW_GAP = 16;

export interface Viewport {
  width: number;
  height: number;
}

export function currentViewport(): Viewport {
  return { width: window.innerWidth, height: window.innerHeight };
}

/** §2/§9 360 × 500 at x 30, near the bottom of the screen, stacked by index. */
export function defaultLayout(index: number, viewport: Viewport): WindowLayout {
  const y = viewport.height - WINDOW_DEFAULT_HEIGHT - WINDOW_LIST_CLEARANCE - index * WINDOW_STACK_OFFSET;
  return { x: WINDOW_DEFAULT_X, y: Math.max(0, y), w: WINDOW_DEFAULT_WIDTH, h: WINDOW_DEFAULT_HEIGHT };
}

/** Where a window opens: its default place, moved clear of what is `occupied` (domain/windowPlacement). */
export function openingLayout(index: number, viewport: Viewport, occupied: readonly ScreenBox[]): WindowLayout {
  return placeWindow(defaultLayout(index, viewport), occupied, viewport.width, WINDOW_GAP);
}

const coordinate = z.number().finite().min(-100_000).max(100_000);
export const StoredWindowLayout = z.object({
  x: coordinate,
  y: coordinate,
  w: z.number().finite().min(WINDOW_MIN_WIDTH).max(20_000),
  h: z.number().finite().min(WINDOW_MIN_HEIGHT).max(20_000),
});

/** Keep a restored window reachable: its title bar on screen even if the screen got smaller. */
export function clampToViewport(layout: WindowLayout, viewport: Viewport): WindowLayout {
  const w = Math.min(layout.w, Math.max(WINDOW_MIN_WIDTH, viewport.width));
  const h = Math.min(layout.h, Math.max(WINDOW_MIN_HEIGHT, viewport.height));
  return {
    w,
    h,
    x: Math.min(Math.max(0, layout.x), Math.max(0, viewport.width - w)),
    y: Math.min(Math.max(0, layout.y), Math.max(0, viewport.height - WINDOW_HEADER_HEIGHT)),
  };
}

export interface LayoutStore {
  load(): Record<number, WindowLayout>;
  save(id: number, layout: WindowLayout): void;
  remove(id: number): void;
}

/** The store over a Storage (localStorage by default); a storage that throws is treated as empty. */
export function createLayoutStore(getStorage: () => Storage | undefined = () => globalThis.localStorage): LayoutStore {
  const read = (): Record<number, WindowLayout> => {
    let raw: unknown;
    try {
      const text = getStorage()?.getItem(LAYOUT_STORAGE_KEY);
      if (!text) return {};
      raw = JSON.parse(text) as unknown;
    } catch {
      return {};
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
    const layouts: Record<number, WindowLayout> = {};
    for (const [key, value] of Object.entries(raw)) {
      const parsed = StoredWindowLayout.safeParse(value);
      if (/^\d+$/.test(key) && parsed.success) layouts[Number(key)] = parsed.data;
    }
    return layouts;
  };
  const write = (layouts: Record<number, WindowLayout>) => {
    try {
      getStorage()?.setItem(LAYOUT_STORAGE_KEY, JSON.stringify(layouts));
    } catch {
      // Storage full or disabled: the layout just is not remembered.
    }
  };
  return {
    load: read,
    save(id, layout) {
      const rounded = { x: Math.round(layout.x), y: Math.round(layout.y), w: Math.round(layout.w), h: Math.round(layout.h) };
      if (!StoredWindowLayout.safeParse(rounded).success) return;
      write({ ...read(), [id]: rounded });
    },
    remove(id) {
      const layouts = read();
      if (!(id in layouts)) return;
      delete layouts[id];
      write(layouts);
    },
  };
}

/**
 * The container name of a window's scrolling body (CSS container queries): content sizes itself to
 * the room the window gives it (`@container window-body (...)`).
 */
export const WINDOW_BODY_CONTAINER = 'window-body';

/**
 * §9 Every window is at z-index 10000 or above: 10000 plus its place in the stack (`order`, back to
 * front), so the one the operator touched last is drawn over the others. They
 * share the windows' layer, itself at 10000.
 */
export function windowZIndex(order: readonly number[], id: number): number {
  return WINDOW_Z_INDEX + stackRank(order, id);
}

/** Below MUI's sm breakpoint: a phone, where a window is a sheet across the screen (docs/guide.md "Screens that fit"). */
export const PHONE_WINDOW_QUERY = '(max-width: 599.95px)';
/** A sheet's bottom edge sits above the windows' list (its 40 px and 8 px gaps), which stays reachable. */
export const SHEET_BOTTOM = 56;
/** Room a sheet leaves above it, for the header's first row. */
export const SHEET_TOP_ROOM = 64;
/** A sheet's height at most: about the window's own height (500), with room for the route list. */
export const SHEET_MAX_HEIGHT = 600;
