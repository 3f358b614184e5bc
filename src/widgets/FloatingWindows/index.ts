export { FloatingWindows, SWAP_WINDOW, type FloatingWindowsProps } from './FloatingWindows.tsx';
export { FloatingWindowContext, useFloatingWindow, type FloatingWindowApi } from './windowContext.ts';
export { createLayoutStore, defaultLayout, LAYOUT_STORAGE_KEY, type LayoutStore } from './layout.ts';
export { PANEL_LIMIT_TEXT } from './WindowList.tsx';
export type { WindowEntry, WindowLayout, WindowContentProps } from './types.ts';
