/**
 * Styles that keep text for screen readers and tools while taking no room on screen: a table's
 * action column header, the name of a collapsed menu's heading.
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
