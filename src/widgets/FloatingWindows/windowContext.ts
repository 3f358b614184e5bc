import { createContext, useContext } from 'react';

/** What a window's content may ask of the window it sits in. */
export interface FloatingWindowApi {
  windowId: number;
  name: string;
  /** False while the window is hidden or collapsed: content can pause its work. */
  visible: boolean;
  /** Widen the window to at least this width (§2: a second quote panel widens it to 650). */
  requestWidth: (width: number) => void;
}

/** Outside a window manager (tests, a page embedding the content) nothing is asked of anyone. */
export const FloatingWindowContext = createContext<FloatingWindowApi>({
  windowId: 0,
  name: '',
  visible: true,
  requestWidth: () => {},
});

export function useFloatingWindow(): FloatingWindowApi {
  return useContext(FloatingWindowContext);
}
