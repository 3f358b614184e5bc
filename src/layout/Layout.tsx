/**
 * The signed-in frame, gated: visitors without a session go to /login before any of the frame's
 * code loads. The frame itself (header, menu, toasts, the realtime socket, the splash) is a lazy
 * chunk, so /login downloads none of it (issue #6 budget: login <= 330 KB gz).
 */
import { Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Loading } from './Loading.tsx';
import { RequireSession } from './RequireSession.tsx';
import { LoadBoundary, retryableLazy } from '../widgets/shared/retryableLazy.tsx';
import { CrashBoundary } from '../widgets/shared/CrashBoundary.tsx';

const SignedInLayout = retryableLazy('the console', () => import('./SignedInLayout.tsx'));

/**
 * Room at the end of every page on a phone: the floating windows' list is fixed at the bottom-left
 * (SPEC §2: 8 px from the edges, about 40 px tall) and would otherwise sit for good over whatever a
 * page ends with; with the room the page scrolls it clear (issue 25: on call from a phone).
 */
const WINDOW_LIST_CLEARANCE = { display: { xs: 'block', sm: 'none' }, height: 64, flex: 'none' } as const;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <CrashBoundary>
      <RequireSession>
        <LoadBoundary>
          <Suspense fallback={<Loading />}>
            <SignedInLayout>
              {children}
              <Box aria-hidden="true" data-testid="window-list-clearance" sx={WINDOW_LIST_CLEARANCE} />
            </SignedInLayout>
          </Suspense>
        </LoadBoundary>
      </RequireSession>
    </CrashBoundary>
  );
}
