/**
 * Sign-out closes the live connection before the server is told to end the session: the server
 * answers a revoked session with stopReconnect, which must not reach a console that is leaving
 * (it would show "Disconnected from server" and keep the no-retry flag). Tiny on purpose: the
 * auth wiring imports it, and it must not pull the socket code into the login page's bundle.
 */
const stops = new Set<() => void>();

/** Registers how to stop a running connection; returns the unregistration. */
export function whileSessionOpen(stop: () => void): () => void {
  stops.add(stop);
  return () => {
    stops.delete(stop);
  };
}

/** Stops every running connection of this page (sign-out). */
export function endLiveSessions(): void {
  for (const stop of [...stops]) stop();
}
