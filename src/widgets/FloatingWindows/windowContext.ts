import { createContext, useContext, useEffect } from 'react';

/** What a window's content may ask of the window it sits in. */
export interface FloatingWindowApi {
  windowId: number;
  name: string;
  /** False while the window is hidden or collapsed: content can pause its work. */
  visible: boolean;
  /** Widen the window to at least this width (§2: a second quote panel widens it to 650). */
  requestWidth: (width: number) => void;
  /**
   * Where an overlay over the whole window body goes (the token picker): a layer beside the body's
   * scroll area, not inside it, so the overlay neither scrolls with the content nor is cut by it.
   * Null outside a window manager, or before the window has drawn it.
   */
  overlayHost: HTMLElement | null;
  /** An overlay is open: the body's scroll area is put away until the returned release is called. */
  holdOverlay: () => () => void;
}

/** Outside a window manager (tests, a page embedding the content) nothing is asked of anyone. */
export const FloatingWindowContext = createContext<FloatingWindowApi>({
  windowId: 0,
  name: '',
  visible: true,
  requestWidth: () => {},
  overlayHost: null,
  holdOverlay: () => () => {},
});

export function useFloatingWindow(): FloatingWindowApi {
  return useContext(FloatingWindowContext);
}

/**
 * While `open`, the window's body shows only the overlay (its scroll area is put away, so one area
 * scrolls at a time); returns where to portal the overlay, or null to draw it in place.
 */
export function useWindowOverlay(open: boolean): HTMLElement | null {
  const { overlayHost, holdOverlay } = useFloatingWindow();
  useEffect(() => (open ? holdOverlay() : undefined), [open, holdOverlay]);
  return overlayHost;
}
