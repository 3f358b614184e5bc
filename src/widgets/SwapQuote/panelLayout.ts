/** How a quote panel fits the floating window it is in (SwapQuoteWindow, QuotePanel, RouteList). */
import { WINDOW_BODY_CONTAINER } from '../FloatingWindows/layout.ts';

/**
 * A window body shorter than this (px, inside its padding) cannot hold a panel's boxes, its Refresh
 * row and a first route with the route list scrolling on its own: the panel then takes its natural
 * height and the window body is the one area that scrolls (see `shortWindow`).
 */
export const PANEL_ROOM_FOR_ROUTES = 330;

/**
 * One scroll area at a time. In a window with room (the default 360 × 500
 * included) the panel is exactly as tall as the window body, so the body never scrolls, and the route
 * list (at most 256 px, §2/§9) takes the room that is left and is the only thing that scrolls. In a
 * window made shorter than PANEL_ROOM_FOR_ROUTES, the route list is shown whole, unscrolled, and the
 * window body scrolls instead. The token picker covers the body and puts it away while open (its
 * list is then the only scroller). Outside a window (no size container) the panel is as with room.
 */
export const shortWindow = `@container ${WINDOW_BODY_CONTAINER} (height < ${PANEL_ROOM_FOR_ROUTES}px)`;
