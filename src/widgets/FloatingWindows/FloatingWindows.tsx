import { Suspense, useCallback, useMemo, useState, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import { Z_INDEX } from '../../config/layers.ts';
import { MAX_FLOATING_PANELS, WINDOW_Z_INDEX } from '../../config/constants.ts';
import { raiseWindow, type ScreenBox } from '../../domain/windowPlacement.ts';
import { clampToViewport, createLayoutStore, currentViewport, defaultLayout, openingLayout, windowZIndex, type LayoutStore } from './layout.ts';
import type { WindowContentProps, WindowEntry, WindowLayout } from './types.ts';
import { WindowList } from './WindowList.tsx';
import { LoadBoundary, retryableLazy } from '../../ui/retryableLazy.tsx';
import type { FloatingWindowProps } from './FloatingWindow.tsx';

/**
 * A window's frame (drag, resize: react-rnd) loads when a window first shows. Windows start hidden
 * (none is open at sign-in), so home's first paint neither downloads nor draws one (the home set's
 * budget keeps room for the logos: docs/decisions.md "Bundle budgets and lazy chunks").
 */
const FloatingWindow = retryableLazy<FloatingWindowProps>('the window', () =>
  import('./FloatingWindow.tsx').then((m) => ({ default: m.FloatingWindow })),
);

/** The quote window's code loads when a Swap window first shows (FloatingWindow mounts content then). */
const SwapQuoteWindow = retryableLazy<WindowContentProps>('the swap window', () =>
  import('../SwapQuote/SwapQuoteWindow.tsx').then((m) => ({ default: m.SwapQuoteWindow })),
);

/** The one kind of window the plus button adds (§2). */
export const SWAP_WINDOW: { name: string; Element: ComponentType<WindowContentProps> } = {
  name: 'Swap',
  Element: SwapQuoteWindow,
};

export interface FloatingWindowsProps {
  /**
   * Windows present at start. Default: one Swap window, hidden until its list button is pressed,
   * so the console does not open with a window over the dashboard.
   */
  initialWindows?: readonly WindowEntry[];
  /** Where positions are kept (localStorage by default). */
  layoutStore?: LayoutStore;
  /**
   * What a window must not cover when it opens, besides the other windows: the menu. Asked each time
   * a window opens, as the menu may have been folded or unfolded since.
   */
  occupied?: () => readonly ScreenBox[];
}

const defaultWindows = (): WindowEntry[] => [{ id: 1, ...SWAP_WINDOW, hidden: true, initialState: {} }];

const noneOccupied = (): readonly ScreenBox[] => [];

/**
 * Where window `id` (at `index` in the list) opens: clear of `occupied` and of every other window that
 * has a place, shown or hidden (a hidden one comes back where it was).
 */
function openingLayoutOf(
  id: number,
  index: number,
  windows: readonly WindowEntry[],
  layouts: Readonly<Record<number, WindowLayout>>,
  occupied: () => readonly ScreenBox[],
): WindowLayout {
  const others = windows.flatMap((w) => {
    const layout = layouts[w.id];
    return w.id !== id && layout ? [layout] : [];
  });
  return openingLayout(index, currentViewport(), [...occupied(), ...others]);
}

const LAYER_CLASS = 'console-window-layer';
const WHILE_SOMETHING_OPEN = 'body:has(.MuiModal-root:not(.MuiModal-hidden))';
/**
 * The windows sit over the page (§2/§9), but never over what the operator opens: while a dialog,
 * the notification centre, the phone's menu, a menu or a popover is open, the layer steps below it,
 * under its backdrop with the rest of the page, and the windows fold away: hidden, their content
 * mounted with its state (a half-typed amount, the routes), and back as they were when it closes.
 * Stepping below alone left a window showing through a translucent backdrop, and on a phone, where
 * the centre and a sheet share the screen, reading as part of what was opened. (Hidden by
 * visibility, with !important over a window's own inline visibility.)
 */
const LAYER_STYLES = {
  [`${WHILE_SOMETHING_OPEN} .${LAYER_CLASS}`]: { zIndex: Z_INDEX.drawer - 1 },
  [`${WHILE_SOMETHING_OPEN} .${LAYER_CLASS} [data-window-id]`]: { visibility: 'hidden !important', pointerEvents: 'none !important' },
};

/**
 * §2 floating window manager: windows fixed at the bottom-left over everything (z-index
 * 10000; the window last clicked in front of the others), each position and size saved when a drag
 * or resize ends and restored on reload, and the bottom-left list to show/hide them and add Swap
 * windows (at most 2). Self-contained: mount once in the layout.
 */
export function FloatingWindows({ initialWindows, layoutStore, occupied = noneOccupied }: FloatingWindowsProps) {
  const store = useMemo(() => layoutStore ?? createLayoutStore(), [layoutStore]);
  const [windows, setWindows] = useState<WindowEntry[]>(() => [...(initialWindows ?? defaultWindows())]);
  const [layouts, setLayouts] = useState<Record<number, WindowLayout>>(() => {
    const viewport = currentViewport();
    const stored = store.load();
    const restored: Record<number, WindowLayout> = Object.fromEntries(
      Object.entries(stored).map(([id, layout]) => [id, clampToViewport(layout, viewport)]),
    );
    // Windows shown from the start, without a saved place, open one by one like new ones.
    return windows.reduce(
      (placed, w, index) => (w.hidden || placed[w.id] ? placed : { ...placed, [w.id]: openingLayoutOf(w.id, index, windows, placed, occupied) }),
      restored,
    );
  });
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  // Windows shown at least once: only these are drawn (a hidden one keeps its content and place).
  const [everShown, setEverShown] = useState<ReadonlySet<number>>(() => new Set(windows.filter((w) => !w.hidden).map((w) => w.id)));
  const newlyShown = windows.filter((w) => !w.hidden && !everShown.has(w.id));
  if (newlyShown.length > 0) setEverShown(new Set([...everShown, ...newlyShown.map((w) => w.id)]));
  // Back to front, the window last touched (or shown, or added) in front.
  const [order, setOrder] = useState<readonly number[]>(() => windows.map((w) => w.id));
  const onRaise = useCallback((id: number) => setOrder((current) => raiseWindow(current, id)), []);

  const layoutOf = (id: number, index: number): WindowLayout => layouts[id] ?? defaultLayout(index, currentViewport());

  const onLayoutEnd = useCallback(
    (id: number, layout: WindowLayout) => {
      setLayouts((current) => ({ ...current, [id]: layout }));
      store.save(id, layout);
    },
    [store],
  );

  const onRequestWidth = useCallback(
    (id: number, width: number) => {
      setLayouts((current) => {
        const index = windows.findIndex((w) => w.id === id);
        const layout = current[id] ?? defaultLayout(Math.max(0, index), currentViewport());
        if (layout.w >= width) return current;
        const viewportWidth = currentViewport().width;
        const x = layout.x + width > viewportWidth ? Math.max(0, viewportWidth - width) : layout.x;
        return { ...current, [id]: { ...layout, x, w: width } };
      });
    },
    [windows],
  );

  const onToggle = useCallback(
    (id: number) => {
      const index = windows.findIndex((w) => w.id === id);
      // Shown for the first time: it opens where it covers nothing (kept in state; saved once moved).
      if (windows[index]?.hidden && !layouts[id]) {
        const layout = openingLayoutOf(id, index, windows, layouts, occupied);
        setLayouts((current) => (current[id] ? current : { ...current, [id]: layout }));
      }
      if (windows[index]?.hidden) onRaise(id);
      setWindows((current) => current.map((w) => (w.id === id ? { ...w, hidden: !w.hidden } : w)));
    },
    [windows, layouts, occupied, onRaise],
  );

  const onToggleCollapse = useCallback((id: number) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  const onClose = useCallback(
    (id: number) => {
      setWindows((current) => current.filter((w) => w.id !== id));
      setLayouts(({ [id]: _closed, ...rest }) => rest);
      setOrder((current) => current.filter((other) => other !== id));
      store.remove(id);
    },
    [store],
  );

  const onAdd = useCallback(() => {
    if (windows.length >= MAX_FLOATING_PANELS) return;
    const id = windows.reduce((max, w) => Math.max(max, w.id), 0) + 1;
    const next = [...windows, { id, ...SWAP_WINDOW, hidden: false, initialState: {} }];
    if (!layouts[id]) {
      const layout = openingLayoutOf(id, windows.length, next, layouts, occupied);
      setLayouts((current) => (current[id] ? current : { ...current, [id]: layout }));
    }
    setWindows(next);
    onRaise(id);
  }, [windows, layouts, occupied, onRaise]);

  return (
    <>
      <GlobalStyles styles={LAYER_STYLES} />
      {/* A viewport-sized layer the windows are positioned and bounded in; clicks pass through it. */}
      <Box
        data-testid="floating-windows-layer"
        className={LAYER_CLASS}
        sx={{ position: 'fixed', inset: 0, zIndex: WINDOW_Z_INDEX, pointerEvents: 'none', overflow: 'hidden' }}
      >
        <LoadBoundary dense sx={{ position: 'absolute', left: 8, bottom: 56, pointerEvents: 'auto' }}>
          <Suspense fallback={null}>
            {windows.map((entry, index) =>
              entry.hidden && !everShown.has(entry.id) ? null : (
                <FloatingWindow
                  key={entry.id}
                  entry={entry}
                  layout={layoutOf(entry.id, index)}
                  collapsed={collapsed.has(entry.id)}
                  zIndex={windowZIndex(order, entry.id)}
                  onRaise={onRaise}
                  onLayoutEnd={onLayoutEnd}
                  onToggleCollapse={onToggleCollapse}
                  onClose={onClose}
                  onRequestWidth={onRequestWidth}
                />
              ),
            )}
          </Suspense>
        </LoadBoundary>
      </Box>
      <WindowList windows={windows} onToggle={onToggle} onAdd={onAdd} />
    </>
  );
}
