/**
 * §2 toast area: top-right, newest on top, closable by click, pausing on hover (notistack's own
 * behaviour), and a dismiss-all control while more than one toast is open. Provides the Toaster
 * port to realtime (useToaster).
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { createNotistackToaster, type Toaster } from './toaster.ts';

/** Bounded toast list (§2); older toasts are dismissed to make room. */
export const MAX_TOASTS = 6;
const CONTAINER_CLASS = 'console-toasts';
/** Toasts start below the header so they never cover its controls. */
const HEADER_CLEARANCE = 56;
const DISMISS_ALL_HEIGHT = 36;

const ToasterContext = createContext<Toaster | null>(null);

/** The toast port of the nearest NotificationsProvider. */
export function useToaster(): Toaster {
  const toaster = useContext(ToasterContext);
  if (!toaster) throw new Error('useToaster must be used inside <NotificationsProvider>');
  return toaster;
}

function ToasterBridge({ children }: { children: ReactNode }) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const [openCount, setOpenCount] = useState(0);
  const toaster = useMemo(
    () => createNotistackToaster({ enqueueSnackbar, closeSnackbar }, setOpenCount),
    [enqueueSnackbar, closeSnackbar],
  );
  const showDismissAll = openCount > 1;
  return (
    <ToasterContext.Provider value={toaster}>
      <GlobalStyles
        styles={{
          // notistack stacks top-anchored toasts oldest first; §2 wants the newest on top.
          [`.${CONTAINER_CLASS}`]: {
            flexDirection: 'column-reverse !important' as 'column-reverse',
            top: `${HEADER_CLEARANCE + (showDismissAll ? DISMISS_ALL_HEIGHT : 0)}px !important`,
          },
        }}
      />
      {showDismissAll ? (
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
    >
      <ToasterBridge>{children}</ToasterBridge>
    </SnackbarProvider>
  );
}
