/**
 * The signed-in frame (behind Layout's session gate, loaded lazily): toasts, react-admin's layout with
 * our header and menu, and the realtime connection (§6: it starts only when authenticated).
 */
import { Suspense, use, useState, type ReactNode } from 'react';
import { Layout as RaLayout, SidebarClasses, useAuthProvider } from 'react-admin';
import Box from '@mui/material/Box';
import { playSound } from '../notifications/index.ts';
import { NotificationsProvider } from '../notifications/NotificationsProvider.tsx';
import { RaNotificationBridge } from '../notifications/RaNotificationBridge.tsx';
import { AlertToasts } from '../widgets/AlertToasts/AlertToasts.tsx';
import { SystemSignalWatch } from '../widgets/SystemSignals/SystemSignalWatch.tsx';
import { DecorativeBackground } from '../widgets/Background/DecorativeBackground.tsx';
import { Splash } from '../widgets/Splash/Splash.tsx';
import { SPLASH_SEEN_KEY, WINDOW_Z_INDEX } from '../config/constants.ts';
import type { ScreenBox } from '../domain/windowPlacement.ts';
import { loadRealtimeConnection } from '../app/index.ts';
import type { FloatingWindowsProps } from '../widgets/FloatingWindows/index.ts';
import { LoadBoundary, retryableLazy } from '../ui/retryableLazy.tsx';
import { getApiOrigin } from '../dataProvider/runtimeConfig.ts';
import { useConsoleDataProvider } from '../dataProvider/useConsoleDataProvider.ts';
import type { AppAuthProvider } from '../authProvider/createAuthProvider.ts';
import { SessionExpiryGuard } from '../authProvider/SessionExpiryGuard.tsx';
import { TOOLTIP_LAYER_ID } from '../theme.ts';
import { AppBar } from './AppBar.tsx';
import { Menu } from './Menu.tsx';
import { Sidebar } from './Sidebar.tsx';

/** The quote windows are not needed to show the dashboard: their code loads after it. */
const FloatingWindows = retryableLazy<FloatingWindowsProps>('the floating windows', () =>
  import('../widgets/FloatingWindows/index.ts').then((m) => ({ default: m.FloatingWindows })),
);
const RealtimeConnection = retryableLazy('live updates', loadRealtimeConnection);
/**
 * The status line loads beside the screen, not before it (bench/lib/bundle.ts HOME_AFTER_PAINT):
 * it reads the live state once a second, so it has nothing to say sooner; its place is kept meanwhile.
 */
const StatusLine = retryableLazy<Record<string, never>>('the status line', () => import('../widgets/StatusLine/StatusLine.tsx').then((m) => ({ default: m.StatusLine })));
const STATUS_LINE_PLACE = { minHeight: 31, mb: 1, borderBottom: 1, borderColor: 'divider' } as const;

/**
 * The menu's column (react-admin's docked sidebar, open or folded), which a floating window must not
 * open over. None on small screens, where the menu is a drawer that opens over everything.
 */
function menuArea(): readonly ScreenBox[] {
  const menu = document.querySelector(`.${SidebarClasses.fixed}`)?.getBoundingClientRect();
  return menu && menu.width > 0 ? [{ x: menu.left, y: menu.top, w: menu.width, h: menu.height }] : [];
}

/** Neither has a place in the page's flow: a failure to load them is told in the bottom-right corner. */
const CORNER = { position: 'fixed', right: 16, bottom: 16, zIndex: WINDOW_Z_INDEX, maxWidth: 480 } as const;

function LiveConnection() {
  // RequireSession has run checkAuth, which loads the token, so the in-memory copy is set by now.
  const token = useAuthProvider<AppAuthProvider>()?.currentToken() ?? null;
  const origin = use(getApiOrigin());
  // The §9 profit rule reads the trade through the data provider, like every other call.
  const { getTrade } = useConsoleDataProvider();
  return token === null ? null : <RealtimeConnection token={token} url={origin === '' ? undefined : origin} fetchTrade={getTrade} />;
}

/** §2: the splash loader shows once after sign-in (not on every reload of the same tab). */
function useSplash(): [boolean, () => void] {
  const [show, setShow] = useState(() => sessionStorage.getItem(SPLASH_SEEN_KEY) !== '1');
  return [
    show,
    () => {
      sessionStorage.setItem(SPLASH_SEEN_KEY, '1');
      setShow(false);
    },
  ];
}

export default function SignedInLayout({ children }: { children: ReactNode }) {
  const [splash, enter] = useSplash();
  return (
    <NotificationsProvider>
      <SessionExpiryGuard />
      <RaNotificationBridge />
      <AlertToasts />
      <SystemSignalWatch />
      <DecorativeBackground />
      <RaLayout appBar={AppBar} menu={Menu} sidebar={Sidebar}>
        <LoadBoundary dense>
          <Suspense fallback={<Box sx={STATUS_LINE_PLACE} />}>
            <StatusLine />
          </Suspense>
        </LoadBoundary>
        {children}
      </RaLayout>
      {/* The landmark tooltips open in (theme.ts tooltipContainer): all content within a landmark. */}
      <aside id={TOOLTIP_LAYER_ID} aria-label="Tooltips" />
      {/* The windows sit at z-index 10000 (§2), above the splash: they come after it, so a click anywhere on it enters. */}
      {!splash && (
        <LoadBoundary dense sx={CORNER}>
          <Suspense fallback={null}>
            <FloatingWindows occupied={menuArea} />
          </Suspense>
        </LoadBoundary>
      )}
      {splash && <Splash onEnter={enter} playSound={playSound} />}
      <LoadBoundary dense sx={CORNER}>
        <Suspense fallback={null}>
          <LiveConnection />
        </Suspense>
      </LoadBoundary>
    </NotificationsProvider>
  );
}
