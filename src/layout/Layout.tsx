/**
 * The signed-in frame, gated: visitors without a session go to /login before any of the frame's
 * code loads. The frame itself (header, menu, toasts, the realtime socket, the splash) is a lazy
 * chunk, so /login downloads none of it (docs/decisions.md "Bundle budgets and lazy chunks": 330 kB).
 */
import { Suspense, type ReactNode } from 'react';
import { Loading } from './Loading.tsx';
import { RequireSession } from './RequireSession.tsx';
import { LoadBoundary, retryableLazy } from '../ui/retryableLazy.tsx';
import { CrashBoundary } from '../ui/CrashBoundary.tsx';

const SignedInLayout = retryableLazy('the console', () => import('./SignedInLayout.tsx'));

export function Layout({ children }: { children: ReactNode }) {
  return (
    <CrashBoundary>
      <RequireSession>
        <LoadBoundary>
          <Suspense fallback={<Loading />}>
            <SignedInLayout>{children}</SignedInLayout>
          </Suspense>
        </LoadBoundary>
      </RequireSession>
    </CrashBoundary>
  );
}
