import { Activity, memo, Suspense, useCallback, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Rnd } from 'react-rnd';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { LOADING_TEXT } from '../../config/constants.ts';
import {
  PHONE_WINDOW_QUERY, SHEET_BOTTOM, SHEET_MAX_HEIGHT, SHEET_TOP_ROOM, WINDOW_BODY_CONTAINER, WINDOW_HEADER_HEIGHT, WINDOW_MIN_HEIGHT,
  WINDOW_MIN_WIDTH,
} from './layout.ts';
import { windowLabel, type WindowEntry, type WindowLayout } from './types.ts';
import { FloatingWindowContext, type FloatingWindowApi } from './windowContext.ts';
import { WindowTooltip } from './WindowTooltip.tsx';
import { LoadBoundary } from '../../ui/retryableLazy.tsx';

export const DRAG_HANDLE_CLASS = 'floating-window-handle';
const NO_DRAG_CLASS = 'floating-window-nodrag';
/** Arrow keys move a focused title bar by this much; with Shift they resize. */
const KEY_STEP = 10;

export interface FloatingWindowProps {
  entry: WindowEntry;
  layout: WindowLayout;
  collapsed: boolean;
  /** §9 10000 or above: its place among the windows. */
  zIndex: number;
  /** The operator pressed somewhere on the window: bring it to the front. */
  onRaise: (id: number) => void;
  /** A drag, resize or keyboard move ended: the layout to keep. */
  onLayoutEnd: (id: number, layout: WindowLayout) => void;
  onToggleCollapse: (id: number) => void;
  onClose: (id: number) => void;
  onRequestWidth: (id: number, width: number) => void;
}

/**
 * §2: a floating window with a draggable title bar (id and name), collapse and close buttons,
 * resizable; fixed in the viewport. Collapsed, only the title bar shows, kept at the window's
 * bottom edge so a bottom-docked window stays docked. On a phone (docs/guide.md "Screens that fit")
 * the same window is a sheet across the screen's width above the windows' list, neither dragged nor
 * resized: a 360 px window dragged about a 390 px screen would only ever be in the way.
 */
export const FloatingWindow = memo(function FloatingWindow({
  entry, layout, collapsed, zIndex, onRaise, onLayoutEnd, onToggleCollapse, onClose, onRequestWidth,
}: FloatingWindowProps) {
  const { id, name, hidden, Element, initialState } = entry;
  const label = windowLabel(entry);
  const phone = useMediaQuery(PHONE_WINDOW_QUERY, { noSsr: true });
  const collapseShift = collapsed ? layout.h - WINDOW_HEADER_HEIGHT : 0;
  // The content mounts (and its code loads) the first time the window shows; the default Swap window
  // starts hidden, so the dashboard neither downloads nor renders a quote panel nobody looks at.
  const [shown, setShown] = useState(!hidden);
  if (!hidden && !shown) setShown(true);

  // The layer an overlay (the token picker) is drawn in, and how many are open.
  const [overlayHost, setOverlayHost] = useState<HTMLElement | null>(null);
  const [overlays, setOverlays] = useState(0);
  const holdOverlay = useCallback(() => {
    setOverlays((n) => n + 1);
    return () => setOverlays((n) => n - 1);
  }, []);
  const overlayOpen = overlays > 0;

  const api = useMemo<FloatingWindowApi>(
    () => ({ windowId: id, name, visible: !hidden && !collapsed, requestWidth: (width) => onRequestWidth(id, width), overlayHost, holdOverlay }),
    [id, name, hidden, collapsed, onRequestWidth, overlayHost, holdOverlay],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const delta = { ArrowLeft: [-KEY_STEP, 0], ArrowRight: [KEY_STEP, 0], ArrowUp: [0, -KEY_STEP], ArrowDown: [0, KEY_STEP] }[event.key];
    if (!delta) return;
    event.preventDefault();
    const [dx = 0, dy = 0] = delta;
    if (event.shiftKey && !collapsed) {
      onLayoutEnd(id, { ...layout, w: Math.max(WINDOW_MIN_WIDTH, layout.w + dx), h: Math.max(WINDOW_MIN_HEIGHT, layout.h + dy) });
    } else {
      onLayoutEnd(id, { ...layout, x: Math.max(0, layout.x + dx), y: Math.max(0, layout.y + dy) });
    }
  };

  const frame: ReactNode = (
    <Paper
      elevation={8}
      role="dialog"
      aria-modal="false"
      aria-label={`Window ${id} ${name}`}
      // A press anywhere on the window (capture: before the control under the
      // pointer handles it) brings it in front of the other windows; so does moving the keyboard
      // focus into it.
      onPointerDownCapture={() => onRaise(id)}
      onFocusCapture={() => onRaise(id)}
      sx={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Box
        className={DRAG_HANDLE_CLASS}
        sx={{
          height: WINDOW_HEADER_HEIGHT,
          flex: '0 0 auto',
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 0.5,
          pl: phone ? 1.5 : 0.5,
          cursor: phone ? 'default' : 'move',
          bgcolor: 'action.hover',
          borderBottom: collapsed ? 0 : 1,
          borderColor: 'divider',
          userSelect: 'none',
        }}
      >
        {phone ? null : (
          <WindowTooltip title="Drag to move. Arrow keys move, Shift + arrow keys resize.">
            {/* The keyboard way to move: the title bar itself is the mouse drag handle. */}
            <IconButton size="small" aria-label={`Move ${label}`} aria-roledescription="movable window handle" onKeyDown={onKeyDown} sx={{ cursor: 'move' }}>
              <DragIndicatorIcon fontSize="small" />
            </IconButton>
          </WindowTooltip>
        )}
        <Typography variant="subtitle2" component="h2" noWrap sx={{ flex: 1 }}>
          #{id} {name}
        </Typography>
        <WindowTooltip title={collapsed ? 'Expand' : 'Collapse'}>
          <IconButton
            size="small"
            className={NO_DRAG_CLASS}
            aria-label={`${collapsed ? 'Expand' : 'Collapse'} ${label}`}
            aria-expanded={!collapsed}
            onClick={() => onToggleCollapse(id)}
          >
            {collapsed ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
          </IconButton>
        </WindowTooltip>
        <WindowTooltip title="Close">
          <IconButton size="small" className={NO_DRAG_CLASS} aria-label={`Close ${label}`} onClick={() => onClose(id)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </WindowTooltip>
      </Box>
      {/*
        The body: one scroll area at a time. The scroll area below holds the
        content; it is a size container (WINDOW_BODY_CONTAINER) so the content can fit itself to
        the window: where the window has room, the quote panel fills it exactly and its route list
        (at most 256 px, §2) is the only thing that scrolls, and this area does not; in a window
        made too short for that, the route list stops scrolling on its own and this area scrolls
        instead. While an overlay is open (the token picker, drawn in the layer beside it), this
        area is put away and only the overlay's own list scrolls.
      */}
      <Box sx={{ flex: 1, minHeight: 0, position: 'relative', display: collapsed ? 'none' : 'flex', flexDirection: 'column' }}>
        <Box
          data-testid="window-body"
          sx={{
            flex: 1,
            minHeight: 0,
            overflow: 'auto',
            p: 1,
            display: overlayOpen ? 'none' : 'block',
            containerType: 'size',
            containerName: WINDOW_BODY_CONTAINER,
          }}
        >
          {shown && (
            // Hidden or collapsed, the content keeps its state but pauses: live updates render at
            // idle priority and its effects (quote polling) stop until it shows again.
            <Activity mode={api.visible ? 'visible' : 'hidden'}>
              <FloatingWindowContext.Provider value={api}>
                <LoadBoundary dense>
                  <Suspense fallback={<Typography variant="body2" color="text.secondary">{LOADING_TEXT}</Typography>}>
                    <Element initialState={initialState} />
                  </Suspense>
                </LoadBoundary>
              </FloatingWindowContext.Provider>
            </Activity>
          )}
        </Box>
        <Box
          ref={setOverlayHost}
          data-testid="window-overlay"
          sx={{ position: 'absolute', inset: 0, display: overlayOpen ? 'flex' : 'none', flexDirection: 'column', bgcolor: 'background.paper' }}
        />
      </Box>
    </Paper>
  );

  if (phone) {
    return (
      <Box
        data-window-id={id}
        data-window-sheet
        sx={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: SHEET_BOTTOM,
          height: collapsed ? WINDOW_HEADER_HEIGHT : `min(${SHEET_MAX_HEIGHT}px, calc(100% - ${SHEET_BOTTOM + SHEET_TOP_ROOM}px))`,
          display: 'flex',
          zIndex,
          visibility: hidden ? 'hidden' : 'visible',
          pointerEvents: hidden ? 'none' : 'auto',
          '& > .MuiPaper-root': { borderBottomLeftRadius: 0, borderBottomRightRadius: 0 },
        }}
      >
        {frame}
      </Box>
    );
  }

  return (
    <Rnd
      size={{ width: layout.w, height: collapsed ? WINDOW_HEADER_HEIGHT : layout.h }}
      position={{ x: layout.x, y: layout.y + collapseShift }}
      minWidth={WINDOW_MIN_WIDTH}
      minHeight={collapsed ? WINDOW_HEADER_HEIGHT : WINDOW_MIN_HEIGHT}
      bounds="parent"
      dragHandleClassName={DRAG_HANDLE_CLASS}
      cancel={`.${NO_DRAG_CLASS}`}
      enableResizing={!collapsed}
      onDragStart={() => onRaise(id)}
      onResizeStart={() => onRaise(id)}
      onDragStop={(_event, data) => onLayoutEnd(id, { ...layout, x: data.x, y: data.y - collapseShift })}
      onResizeStop={(_event, _direction, element, _delta, position) =>
        onLayoutEnd(id, { x: position.x, y: position.y, w: sizeOf(element, 'width'), h: sizeOf(element, 'height') })
      }
      // Hidden by visibility, not display: react-rnd measures the element's offset when it mounts.
      style={{ zIndex, display: 'flex', visibility: hidden ? 'hidden' : 'visible', pointerEvents: hidden ? 'none' : 'auto' }}
      data-window-id={id}
    >
      {frame}
    </Rnd>
  );
});

/** The size react-rnd set on the element (its inline style; layout size where there is none). */
function sizeOf(element: HTMLElement, dimension: 'width' | 'height'): number {
  const styled = Number.parseFloat(element.style[dimension]);
  if (Number.isFinite(styled)) return styled;
  return dimension === 'width' ? element.offsetWidth : element.offsetHeight;
}
