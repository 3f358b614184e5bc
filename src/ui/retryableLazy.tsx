/**
 * Lazily loaded code that can be loaded again. §8: a screen or stylesheet that fails to
 * preload raises Vite's preload-error event (`vite:preloadError`) and, as nothing here handles it,
 * the error is thrown. React's `lazy` remembers a failed import for ever, so one network blip while
 * a chunk loads would leave that screen broken until a full page reload. `retryableLazy` throws the
 * failure as a `LoadError` that can start a fresh import; `LoadBoundary` catches a `LoadError`, says
 * what could not be loaded and offers Try again (any other error goes on to the boundary above).
 */
import { Component, createElement, lazy, type ComponentType, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { FailureAlert } from './FailureAlert.tsx';

/** The code of `what` could not be loaded (network, server restart with a new build, ...). */
export class LoadError extends Error {
  override readonly name = 'LoadError';
  constructor(
    readonly what: string,
    options: { cause: unknown },
    /** Makes the next render import the code again (until then it throws this error again, fetching nothing). */
    readonly retry: () => void = () => undefined,
  ) {
    super(`Could not load ${what}`, options);
  }
}

/**
 * Like React's `lazy`, but a failed import is thrown as a LoadError whose `retry()` makes the next
 * render import again. Nothing is fetched again by itself: React re-renders a failed subtree
 * before it shows the boundary, and a fresh import on every render would loop while the network is
 * down. The returned component is stable; `what` names the code in the error ("this screen").
 */
export function retryableLazy<P extends object>(
  what: string,
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const fresh = () => {
    const attempt = lazy(() =>
      load().catch((cause: unknown) => {
        throw new LoadError(what, { cause }, () => {
          if (current === attempt) current = fresh();
        });
      }),
    );
    return attempt;
  };
  let current = fresh();
  function Retryable(props: P) {
    return createElement(current, props);
  }
  Retryable.displayName = `Retryable(${what})`;
  return Retryable;
}

/** The cause's own words, for the operator reading why (e.g. "Failed to fetch dynamically imported module: ..."). */
function causeText(error: LoadError): string {
  const { cause } = error;
  return cause instanceof Error && cause.message !== '' ? cause.message : String(cause);
}

export interface LoadBoundaryProps {
  children: ReactNode;
  /** Smaller, for a place with little room (a floating window, a corner). */
  dense?: boolean;
  /** Where the message sits (e.g. fixed in a corner when the failed code had no place in the page). */
  sx?: SxProps<Theme>;
}

interface LoadBoundaryState {
  error: { value: unknown } | null;
}

/** Catches a LoadError below it: names what failed to load, with Try again and Reload page (React logs the error, cause included). */
export class LoadBoundary extends Component<LoadBoundaryProps, LoadBoundaryState> {
  override state: LoadBoundaryState = { error: null };

  static getDerivedStateFromError(value: unknown): LoadBoundaryState {
    return { error: { value } };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Not ours: thrown again from here, it reaches the boundary above unchanged.
    if (!(error.value instanceof LoadError)) throw error.value;
    const failure = error.value;
    const { dense, sx } = this.props;
    return (
      <FailureAlert
        dense={dense}
        sx={sx}
        detail={causeText(failure)}
        onRetry={() => {
          failure.retry();
          this.setState({ error: null });
        }}
      >
        {`${failure.message}. Check the connection to the server, then try again.`}
      </FailureAlert>
    );
  }
}
