/**
 * §2 toast area: top-right, newest on top, closable by click, pausing on hover (notistack's own
 * behaviour), and a dismiss-all control while more than one toast is open. Provides the Toaster
 * port to realtime (useToaster).
 */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { createNotistackToaster, type Toaster } from './toaster.ts';
import { TOAST_KEYFRAMES, ToastTransition } from './ToastTransition.tsx';

/** Bounded toast list (§2); older toasts are dismissed to make room. */
export const MAX_TOASTS = 6;
const CONTAINER_CLASS = 'console-toasts';
/** Toasts start below the header so they never cover its controls. */
const HEADER_CLEARANCE = 56;
const DISMISS_ALL_HEIGHT = 36;
const TOAST_WIDTH = 360;

const ToasterContext = createContext<Toaster | null>(null);

/** The toast port of the nearest NotificationsProvider. */
export function useToaster(): Toaster {
  const toaster = useContext(ToasterContext);
  if (!toaster) throw new Error('useToaster must be used inside <NotificationsProvider>');
  return toaster;
}

/**
 * Whether more than one toast is open, as a tiny store: the toaster reports every open/close, and
 * only the dismiss-all control re-renders, only when the answer flips. (Kept in the bridge's state,
 * every toast re-rendered the bridge and re-serialised its global styles: issue #6 firehose.)
 */
function createManyOpen() {
  let many = false;
  const listeners = new Set<() => void>();
  return {
    set(count: number) {
      if (count > 1 === many) return;
      many = count > 1;
      for (const listener of [...listeners]) listener();
    },
    get: () => many,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
type ManyOpen = ReturnType<typeof createManyOpen>;

/** notistack stacks top-anchored toasts oldest first; §2 wants the newest on top. */
const containerStyles = (shift: number) => ({
  ...TOAST_KEYFRAMES,
  [`.${CONTAINER_CLASS}`]: {
    flexDirection: 'column-reverse !important' as 'column-reverse',
    top: `${HEADER_CLEARANCE + shift}px !important`,
  },
  // One width and tight padding: a ragged column of wide toasts hid the dashboard's right side.
  [`.${CONTAINER_CLASS} .notistack-MuiContent`]: {
    width: TOAST_WIDTH,
    minWidth: 0,
    padding: '2px 12px',
    boxSizing: 'border-box' as const,
  },
});
const STYLES_ALONE = containerStyles(0);
const STYLES_BELOW_DISMISS_ALL = containerStyles(DISMISS_ALL_HEIGHT);

function DismissAll({ manyOpen, toaster }: { manyOpen: ManyOpen; toaster: Toaster }) {
  const show = useSyncExternalStore(manyOpen.subscribe, manyOpen.get, manyOpen.get);
  return (
    <>
      <GlobalStyles styles={show ? STYLES_BELOW_DISMISS_ALL : STYLES_ALONE} />
      {show ? (
        <Button
          size="small"
          variant="contained"
          color="inherit"
          onClick={() => toaster.closeAll()}
          sx={{ position: 'fixed', top: HEADER_CLEARANCE, right: 20, zIndex: 1500 }}
        >
          Dismiss all
        </Button>
      ) : null}
    </>
  );
}

function ToasterBridge({ children }: { children: ReactNode }) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const manyOpen = useMemo(createManyOpen, []);
  const toaster = useMemo(
    () => createNotistackToaster({ enqueueSnackbar, closeSnackbar }, manyOpen.set),
    [enqueueSnackbar, closeSnackbar, manyOpen],
  );
  return (
    <ToasterContext.Provider value={toaster}>
      <DismissAll manyOpen={manyOpen} toaster={toaster} />
      {children}
    </ToasterContext.Provider>
  );
}

export function NotificationsProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={MAX_TOASTS}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      classes={{ containerAnchorOriginTopRight: CONTAINER_CLASS }}
      TransitionComponent={ToastTransition}
      dense
    >
      <ToasterBridge>{children}</ToasterBridge>
    </SnackbarProvider>
  );
}
