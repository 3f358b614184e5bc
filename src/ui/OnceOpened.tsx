import { Suspense, useState, type ReactNode } from 'react';
import { LoadBoundary } from './retryableLazy.tsx';

/**
 * Renders its children (a dialog whose code loads lazily) from the first time `open` is true on, so
 * the dialog's code downloads when the operator first opens it, not with the screen; once opened it
 * stays mounted, so its closing transition still plays. Nothing shows while the code loads.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <LoadBoundary dense>
      <Suspense fallback={null}>{children}</Suspense>
    </LoadBoundary>
  );
}
