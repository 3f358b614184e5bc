/**
 * §2 toast area: top-right below the header, newest on top, closed by a click, paused while the
 * pointer is over it, a dismiss-all control while more than one is open. Calm: at most the
 * operator's limit on screen (the rest are "+K more", which opens the centre), identical ones
 * merged (×count), and the stack folded into one toast with the edges of the next two peeking
 * out, so it covers one toast's height of the page; it unfolds while the pointer is over it.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import type { ToastVariantName } from '../domain/signals.ts';
import type { OpenToast, ToastStack } from './toastStack.ts';
import { TOAST_RIGHT, TOAST_TOP, TOAST_WIDTH } from '../config/layers.ts';
import { onNextFrame } from '../realtime/index.ts';

/**
 * Folded, the stack sits in the page-title row below the header, at its right end, which title rows
 * keep free of controls (TOAST_AREA_RESERVE): one line of toast plus two peeks fits in that row;
 * unfolded on hover it shows every toast in full. It sits on the theme's toast layer: above the page
 * and the header, below whatever the operator opens (menus, popovers, dialogs with their backdrop).
 */
/** How far each folded toast peeks out below the one above it. */
const PEEK = 4;
const FOLDED_SHOWN = 3;

/**
 * §4 colours (SENDING blue, CONFIRM green, FAIL red), dark enough for white text (WCAG AA) in both
 * themes.
 */
const COLOURS: Record<ToastVariantName, string> = {
  default: '#37474f',
  info: '#1565c0',
  success: '#2e7d32',
  warning: '#a04a00',
  error: '#c62828',
};

/**
 * A new toast flashes in brighter rather than fading in: a card fading in over the folded deck would
 * show the text of the one beneath it through itself. The flash is a white veil over the card whose
 * opacity animates, which the compositor runs: a filter animated on the card itself was restyled on
 * the main thread every frame, and on a busy feed some toast is always arriving.
 */
const KEYFRAMES = 'console-toast-in';
/** The room a phone's page keeps above its content for the folded stack (set by usePhoneReserve). */
const RESERVE_VAR = '--console-toast-space';
/** Below MUI's sm breakpoint: a phone, where the stack spans the screen's width. */
const PHONE_QUERY = '(max-width: 599.95px)';

const GLOBAL = {
  [`@keyframes ${KEYFRAMES}`]: { from: { opacity: 0.3 }, to: { opacity: 0 } },
  // On a phone the folded stack spans the screen: the page starts below it instead of under it, so
  // no toast covers a control. Wider screens keep their title rows' free end.
  // (A block before the content, so whatever padding the layout gives it stays as it is.)
  [`@media ${PHONE_QUERY}`]: { '#main-content::before': { content: '""', display: 'block', flex: '0 0 auto', height: `var(${RESERVE_VAR}, 0px)` } },
};

/**
 * On a phone, keeps the folded stack's height (plus its gap below the header) as the page's top
 * room; unfolding (a hover or focus the operator made) does not move the page.
 */
function reservePhoneRoom(element: HTMLElement | null, folded: boolean): void {
  if (!element || !folded || typeof window.matchMedia !== 'function') return;
  const root = document.documentElement;
  if (window.matchMedia(PHONE_QUERY).matches) root.style.setProperty(RESERVE_VAR, `${Math.ceil(element.offsetHeight) + BELOW_HEADER + 8}px`);
  else root.style.removeProperty(RESERVE_VAR);
}

function usePhoneReserve(element: HTMLElement | null, folded: boolean): void {
  // Sized by the stack's ResizeObserver only: it reports after the browser's layout and before its
  // paint, so the page never shows a frame with a grown stack over its top controls, and a toast that
  // leaves the stack's height as it was costs nothing. Reading the height after every render of the
  // stack forced a layout of the whole page in the middle of the commit, on a phone's CPU the longest
  // step of the frame (bench/README.md "firehose").
  useLayoutEffect(() => {
    if (!element || typeof window.matchMedia !== 'function' || typeof ResizeObserver === 'undefined') return;
    const phone = window.matchMedia(PHONE_QUERY);
    const measure = () => reservePhoneRoom(element, folded);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    phone.addEventListener('change', measure);
    return () => {
      observer.disconnect();
      phone.removeEventListener('change', measure);
    };
  }, [element, folded]);
  useEffect(
    () => () => {
      document.documentElement.style.removeProperty(RESERVE_VAR);
    },
    [],
  );
}

/**
 * A folded card behind the top one keeps its text rendered (under the top card, which covers it but
 * for a peek of its bottom padding): it stays in the accessibility tree and findable, and a pointer
 * that goes for it unfolds the stack on the way.
 */
const ToastCard = memo(function ToastCard({ toast, depth, stack }: { toast: OpenToast; depth: number | null; stack: ToastStack }) {
  const behind = depth !== null && depth > 0;
  const alarm = toast.variant === 'error' || toast.variant === 'warning';
  return (
    <Box
      role={alarm ? 'alert' : 'status'}
      title="Click to close"
      className={CARD_CLASS}
      onClick={() => stack.closeKey(toast.key)}
      data-toast-variant={toast.variant}
      data-behind={behind || undefined}
      // Only what differs between depths is inline; the rest is in classes that never change, so
      // a new toast on top restyles the cards below it, not their contents (CARDS_SX).
      style={behind ? { zIndex: FOLDED_SHOWN - depth, transform: `translateY(${depth * PEEK}px) scale(${1 - depth * 0.04})`, opacity: depth < FOLDED_SHOWN ? 1 : 0 } : undefined}
      sx={{ bgcolor: COLOURS[toast.variant] }}
    >
      <div className={TEXT_CLASS}>{toast.message}</div>
      {toast.count > 1 ? (
        <Box component="span" title={`${toast.count} identical notifications`} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          ×{toast.count}
        </Box>
      ) : null}
    </Box>
  );
});

const CARD_CLASS = 'console-toast';
const TEXT_CLASS = 'console-toast-text';

/**
 * The cards' look, set once on their column: whether the stack is folded is an attribute of the
 * column, and a card's depth an attribute and its inline style, so the classes of a card and of
 * its contents never change while it is open. A class that changed with the depth made every new
 * toast restyle each card below it with all its contents (network logos are dozens of SVG nodes),
 * a frame's longest step on a slow CPU (bench/README.md "firehose").
 */
const CARDS_SX = {
  [`& > .${CARD_CLASS}`]: {
    color: '#fff',
    borderRadius: 1,
    boxShadow: 3,
    px: 1.5,
    py: 0.5,
    minHeight: 28,
    cursor: 'pointer',
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    fontSize: 14,
    lineHeight: 1.35,
    boxSizing: 'border-box',
    overflowWrap: 'anywhere',
    position: 'relative',
    zIndex: FOLDED_SHOWN + 1,
  },
  [`& > .${CARD_CLASS}::after`]: {
    content: '""',
    position: 'absolute',
    inset: 0,
    borderRadius: 'inherit',
    background: '#fff',
    opacity: 0,
    pointerEvents: 'none',
    animation: `${KEYFRAMES} 400ms ease-out`,
  },
  [`& > .${CARD_CLASS}[data-behind]`]: {
    position: 'absolute',
    inset: 0,
    transformOrigin: 'bottom center',
    overflow: 'hidden',
    pointerEvents: 'none',
  },
  [`& .${TEXT_CLASS}`]: { flex: 1, minWidth: 0 },
  // Folded: one line, cut with an ellipsis (a trade toast shows its folded part, whole words);
  // unfolded: the whole message, wrapped.
  [`&[data-folded] .${TEXT_CLASS}`]: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', '& [data-fold="full"]': { display: 'none' } },
  [`&:not([data-folded]) .${TEXT_CLASS}`]: { '& [data-trade-state]': { flexWrap: 'wrap' }, '& [data-fold="folded"]': { display: 'none' } },
} as const;

/** The gap between the header's bottom and the folded stack. */
const BELOW_HEADER = TOAST_TOP - 48;

/**
 * Where the stack starts: just below the header, whose height is measured (on a phone its controls
 * wrap onto a second line); TOAST_TOP until it is known.
 *
 * The header is watched from the moment the stack is mounted, not from its first toast, and only
 * through its ResizeObserver: the observer reports after the browser's own layout, whereas reading
 * the header's height when a toast arrives forced a layout in the middle of the frame's commit, the
 * longest step of a frame on a slow CPU (bench/README.md "firehose").
 */
function useTopBelowHeader(showing: boolean): number {
  const [top, setTop] = useState(TOAST_TOP);
  const [header, setHeader] = useState<HTMLElement | null>(null);
  // Looked for at mount, and again when a toast shows if the header was not there yet or was replaced.
  useEffect(() => {
    if (header?.isConnected) return;
    const found = document.querySelector<HTMLElement>('header.MuiAppBar-root');
    if (found) setHeader(found);
  }, [header, showing]);
  useEffect(() => {
    if (!header || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setTop(header.offsetHeight > 0 ? header.offsetHeight + BELOW_HEADER : TOAST_TOP));
    observer.observe(header);
    return () => observer.disconnect();
  }, [header]);
  return top;
}

/** One element, so the global styles are not rendered again with every change of the stack. */
const GLOBAL_STYLES = <GlobalStyles styles={GLOBAL} />;

/**
 * The stack as of the last frame: told once per frame however many toasts came and went in it, and
 * in the same frame callback as the live store (onNextFrame), so a busy feed's toasts render in
 * the commit its figures render in rather than one commit per toast (bench/README.md "firehose").
 */
function useStackView(stack: ToastStack) {
  const subscribe = useMemo(
    () => (listener: () => void) => {
      let asked = false;
      let live = true;
      const unsubscribe = stack.subscribe(() => {
        if (asked) return;
        asked = true;
        onNextFrame(() => {
          asked = false;
          if (live) listener();
        });
      });
      return () => {
        live = false;
        unsubscribe();
      };
    },
    [stack],
  );
  return useSyncExternalStore(subscribe, stack.getView, stack.getView);
}

/**
 * "+K more" and "Dismiss all". Memoised on what they say: the stack renders with every toast that
 * comes or goes, several a second on a busy feed, and two MUI Buttons each time were most of it.
 */
const StackButtons = memo(function StackButtons({ more, dismissAll, onMore, stack }: { more: number; dismissAll: boolean; onMore: () => void; stack: ToastStack }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', alignSelf: { xs: 'flex-end', sm: 'auto' } }}>
      {more > 0 ? (
        <Button size="small" variant="contained" color="inherit" onClick={onMore} aria-label={`+${more} more notifications`}>
          +{more} more
        </Button>
      ) : null}
      {dismissAll ? (
        <Button size="small" variant="contained" color="inherit" onClick={() => stack.closeAll()}>
          Dismiss all
        </Button>
      ) : null}
    </Box>
  );
});

export function ToastStackView({ stack, onMore, hidden = false }: { stack: ToastStack; onMore: () => void; hidden?: boolean }) {
  const { visible, more } = useStackView(stack);
  const [unfolded, setUnfolded] = useState(false);
  const open = visible.length + more;
  const top = useTopBelowHeader(open > 0);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const showing = open > 0 && !hidden;
  usePhoneReserve(showing ? element : null, !unfolded);
  useEffect(() => {
    if (!showing) document.documentElement.style.removeProperty(RESERVE_VAR);
  }, [showing]);
  if (open === 0 && unfolded) setUnfolded(false);
  // Hidden under the pointer (the "+K more" press opens the centre): no mouseleave will come.
  useEffect(() => {
    if (!hidden) return;
    stack.resume();
    setUnfolded(false);
  }, [hidden, stack]);
  // While the centre is open it lists them all; the stack would only sit over it.
  if (open === 0 || hidden) return GLOBAL_STYLES;
  const enter = () => {
    stack.pause();
    setUnfolded(true);
  };
  const leave = () => {
    stack.resume();
    setUnfolded(false);
  };
  return (
    <>
      {GLOBAL_STYLES}
      <Box
        ref={setElement}
        className="console-toasts"
        onMouseEnter={enter}
        onMouseLeave={leave}
        // From the keyboard too: focus inside the stack unfolds and pauses it, as the pointer does.
        onFocus={enter}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) leave();
        }}
        sx={{
          position: 'fixed',
          top,
          right: TOAST_RIGHT,
          zIndex: (theme) => theme.zIndex.toast,
          display: 'flex',
          gap: 1,
          alignItems: 'flex-start',
          // On a phone the toasts take the screen's width and their buttons go below them.
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          left: { xs: TOAST_RIGHT, sm: 'auto' },
        }}
      >
        <StackButtons more={more} dismissAll={open > 1} onMore={onMore} stack={stack} />
        <Box
          data-folded={unfolded ? undefined : ''}
          sx={{ position: 'relative', width: { xs: '100%', sm: TOAST_WIDTH }, display: 'flex', flexDirection: 'column', gap: unfolded ? 0.75 : 0, ...CARDS_SX }}
        >
          {visible.map((toast, i) => (
            <ToastCard key={toast.key} toast={toast} depth={unfolded ? null : i} stack={stack} />
          ))}
        </Box>
      </Box>
    </>
  );
}
