/**
 * The signed-in frame's signals: the toast stack (§2, ToastStackView), the toaster port every toast
 * goes through (useToaster), the notification centre's record and its panel (loaded when opened),
 * the operator's preferences, and the hidden tab's title count.
 */
import { createContext, Suspense, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAuthProvider } from 'react-admin';
import type { AppAuthProvider } from '../authProvider/createAuthProvider.ts';
import { decodeSession } from '../authProvider/session.ts';
import { signalOwnerOf } from '../domain/signalOwner.ts';
import { LoadBoundary, retryableLazy } from '../ui/retryableLazy.tsx';
import { useLive, type LiveState } from '../realtime/index.ts';
import type { SignalJournal } from './centre/journal.ts';
import type { CentrePanelProps } from './centre/CentrePanel.tsx';
import { signalJournal } from './centre/sharedJournal.ts';
import { watchHiddenTab } from './hiddenTab.ts';
import { setSignalOwner } from './signalOwner.ts';
import { signalPrefs, type SignalPrefsStore } from './signalPrefs.ts';
import { createToaster, type Toaster } from './toaster.ts';
import { createToastStack } from './toastStack.ts';
import { ToastStackView } from './ToastStackView.tsx';

export interface Signals {
  toaster: Toaster;
  journal: SignalJournal;
  prefs: SignalPrefsStore;
  /** Opens the notification centre (the toasts beyond the limit are then let go: they are listed there). */
  openCentre(): void;
}

const SignalsContext = createContext<Signals | null>(null);

/** The signals of the nearest NotificationsProvider. */
export function useSignals(): Signals {
  const signals = useContext(SignalsContext);
  if (!signals) throw new Error('useSignals must be used inside <NotificationsProvider>');
  return signals;
}

/** The toast port of the nearest NotificationsProvider. */
export function useToaster(): Toaster {
  const signals = useContext(SignalsContext);
  if (!signals) throw new Error('useToaster must be used inside <NotificationsProvider>');
  return signals.toaster;
}

const CentrePanel = retryableLazy<CentrePanelProps>('the notification centre', () => import('./centre/CentrePanel.tsx'));

const selectPhase = (s: LiveState) => s.connection;

/** A connection back after it was lost is a connection event of its own (the toasts only tell the loss). */
function ConnectionRecorder({ journal, prefs }: { journal: SignalJournal; prefs: SignalPrefsStore }) {
  const phase = useLive(selectPhase);
  const previous = useRef(phase);
  useEffect(() => {
    const was = previous.current;
    previous.current = phase;
    if (phase === 'connected' && (was === 'reconnecting' || was === 'offline') && prefs.bellAllowed('connection')) {
      journal.record({ kind: 'connection', severity: 'success', text: 'Connected to server again' });
    }
  }, [phase, journal, prefs]);
  return null;
}

export interface NotificationsProviderProps {
  children: ReactNode;
  /** Tests pass their own; the app uses the signed-in user's record and preferences in this browser. */
  journal?: SignalJournal;
  prefs?: SignalPrefsStore;
}

/** The signed-in user, whose record and preferences these are; '' outside <Admin>. */
function useSignalOwner(): string {
  const token = useAuthProvider<AppAuthProvider>()?.currentToken?.() ?? null;
  return useMemo(() => {
    const user = signalOwnerOf(token === null ? null : decodeSession(token));
    // Set before the user's record and preferences are opened below, and for the sounds that read them.
    setSignalOwner(user);
    return user;
  }, [token]);
}

export function NotificationsProvider({ children, journal: givenJournal, prefs: givenPrefs }: NotificationsProviderProps) {
  const owner = useSignalOwner();
  const journal = useMemo(() => givenJournal ?? signalJournal(owner), [givenJournal, owner]);
  const prefs = useMemo(() => givenPrefs ?? signalPrefs(owner), [givenPrefs, owner]);
  const stack = useMemo(() => createToastStack(() => prefs.get().limit), [prefs]);
  const [centreOpen, setCentreOpen] = useState(false);
  const signals = useMemo<Signals>(
    () => ({
      toaster: createToaster({ stack, journal, prefs }),
      journal,
      prefs,
      openCentre: () => {
        stack.dropHidden();
        setCentreOpen(true);
      },
    }),
    [stack, journal, prefs],
  );
  useEffect(() => prefs.subscribe(() => stack.refresh()), [prefs, stack]);
  useEffect(() => watchHiddenTab({ journal, prefs }), [journal, prefs]);
  return (
    <SignalsContext.Provider value={signals}>
      {children}
      <ToastStackView stack={stack} onMore={signals.openCentre} hidden={centreOpen} />
      <ConnectionRecorder journal={journal} prefs={prefs} />
      {centreOpen ? (
        <LoadBoundary dense sx={{ position: 'fixed', right: 16, top: 64, zIndex: 1500, maxWidth: 480 }}>
          <Suspense fallback={null}>
            <CentrePanel journal={journal} onClose={() => setCentreOpen(false)} />
          </Suspense>
        </LoadBoundary>
      ) : null}
    </SignalsContext.Provider>
  );
}
