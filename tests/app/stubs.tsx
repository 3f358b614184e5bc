/**
 * Stand-ins for the realtime and notifications modules (their own tests cover them): no socket, no
 * audio. Tests set `live.devMode` and read `mounted` to see what the layout did.
 */
import type { ReactNode } from 'react';

export const live = { devMode: false };
export const mounted: { tokens: string[] } = { tokens: [] };

export function resetStubs() {
  live.devMode = false;
  mounted.tokens = [];
}

export const realtimeStub = {
  useLive: <T,>(selector: (s: { devMode: boolean }) => T): T => selector(live),
  useConnectionState: () => ({ status: 'offline' as const, lastEventAt: null }),
  RealtimeConnection: ({ token }: { token: string }) => {
    mounted.tokens.push(token);
    return <span data-testid="realtime-connection" />;
  },
  resetReconnectFlag: () => undefined,
};

export const notificationsStub = {
  NotificationsProvider: ({ children }: { children: ReactNode }) => children,
};
