/**
 * One z-index scale for the console, so no toast covers a control, handed to MUI as the theme's `zIndex`
 * (src/theme.ts), so every layer is named once: the page < the header < the toast stack < the menu
 * drawer < whatever the operator opens (menus, popovers, dialogs and their backdrops) < tooltips.
 * Toasts sit below a modal's backdrop, so an open dialog dims them and a click meant for a menu item
 * never lands on a toast. The floating windows stay above all of these (WINDOW_Z_INDEX, §2/§9); the
 * splash sits just above modals (it comes before the windows, which it lets through).
 */
export const Z_INDEX = {
  mobileStepper: 1000,
  fab: 1050,
  speedDial: 1050,
  appBar: 1100,
  toast: 1150,
  drawer: 1200,
  modal: 1300,
  snackbar: 1400,
  tooltip: 1500,
} as const;

/** §2 toast area: where the folded stack sits, below the header (px from the viewport's top and right). */
export const TOAST_TOP = 54;
export const TOAST_RIGHT = 16;
/** One toast's width. */
export const TOAST_WIDTH = 420;
/**
 * How much of a page-title row's right end the folded stack takes at its widest (a toast, Dismiss
 * all and "+K more" beside it, and a gap), from the content's right edge: a title row pads its right
 * end by this much from the sm breakpoint up, so its controls wrap before they reach the stack.
 */
export const TOAST_AREA_RESERVE = 640;

/** A page-title row's style: its right end stays free for the folded toast stack (from sm up). */
export const TITLE_ROW_CLEAR_OF_TOASTS = { pr: { sm: `${TOAST_AREA_RESERVE}px` } } as const;
