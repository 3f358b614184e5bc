/**
 * The signed-in frame: gate, toasts, react-admin's layout with our header and menu, and the realtime
 * connection (SPEC §6: it starts only when authenticated).
 */
import { Suspense, use, type ReactNode } from 'react';
import { Layout as RaLayout, useAuthProvider } from 'react-admin';
import { NotificationsProvider } from '../notifications/index.ts';
import { RealtimeConnection } from '../realtime/index.ts';
import { getApiOrigin } from '../dataProvider/runtimeConfig.ts';
import type { AppAuthProvider } from '../authProvider/createAuthProvider.ts';
import { AppBar } from './AppBar.tsx';
import { Menu } from './Menu.tsx';
import { RequireSession } from './RequireSession.tsx';

function LiveConnection() {
  // RequireSession has run checkAuth, which loads the token, so the in-memory copy is set by now.
  const token = useAuthProvider<AppAuthProvider>()?.currentToken() ?? null;
  const origin = use(getApiOrigin());
  return token === null ? null : <RealtimeConnection token={token} url={origin === '' ? undefined : origin} />;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RequireSession>
      <NotificationsProvider>
        <RaLayout appBar={AppBar} menu={Menu}>
          {children}
        </RaLayout>
        <Suspense fallback={null}>
          <LiveConnection />
        </Suspense>
      </NotificationsProvider>
    </RequireSession>
  );
}
