/**
 * The signed-in frame, gated: visitors without a session go to /login before any of the frame's
 * code loads. The frame itself (header, menu, toasts, the realtime socket, the splash) is a lazy
 * chunk, so /login downloads none of it (issue #6 budget: login <= 330 KB gz).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Loading } from './Loading.tsx';
import { RequireSession } from './RequireSession.tsx';

const loadSignedInLayout = () => import('./SignedInLayout.tsx');
const SignedInLayout = lazy(loadSignedInLayout);
// Under vitest the frame's modules are transformed on first import, which can take seconds on a busy
// machine: start that at once so a test's first signed-in screen is not held up by it. Builds replace
// MODE with "production" and drop this line, so /login still downloads nothing of the frame.
if (import.meta.env.MODE === 'test') void loadSignedInLayout();

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RequireSession>
      <Suspense fallback={<Loading />}>
        <SignedInLayout>{children}</SignedInLayout>
      </Suspense>
    </RequireSession>
  );
}
