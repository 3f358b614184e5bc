import type { ComponentType } from 'react';

/** Props every window content component receives. */
export interface WindowContentProps {
  /** Opaque to the window manager; the content validates it. */
  initialState?: unknown;
}

/** §3 Window entry: id, name, hidden, Element, initialState. */
export interface WindowEntry {
  id: number;
  name: string;
  hidden: boolean;
  Element: ComponentType<WindowContentProps>;
  initialState: unknown;
}

/** §3 Position store per window: x, y, w, h (px, viewport coordinates). */
export interface WindowLayout {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Window a label names in aria-labels and titles: "window 1 Swap". */
export const windowLabel = (entry: Pick<WindowEntry, 'id' | 'name'>): string => `window ${entry.id} ${entry.name}`;
