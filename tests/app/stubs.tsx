/**
 * Stand-ins for the parts of the realtime and notifications modules that reach outside the page
 * (the socket, audio); the live store and toasts stay real. Tests call `setDevMode` and read
 * `mounted` to see what the layout did.
 */
import { liveStore } from '../../src/realtime/liveStore.ts';

export const mounted: { tokens: string[] } = { tokens: [] };

export function resetStubs() {
  liveStore.reset();
  mounted.tokens = [];
}

export function setDevMode(devMode: boolean) {
  liveStore.update(() => ({ devMode }));
}

type RealtimeModule = typeof import('../../src/realtime/index.ts');
type AppModule = typeof import('../../src/app/index.ts');
type NotificationsModule = typeof import('../../src/notifications/index.ts');

export async function realtimeStub(importOriginal: () => Promise<RealtimeModule>): Promise<RealtimeModule> {
  const actual = await importOriginal();
  return {
    ...actual,
    resetReconnectFlag: () => undefined,
  };
}

export async function appStub(importOriginal: () => Promise<AppModule>): Promise<AppModule> {
  const actual = await importOriginal();
  return {
    ...actual,
    // Loads a marker the tests look for, where the real component renders nothing.
    loadRealtimeConnection: (async () => ({
      default: ({ token }: { token: string }) => {
        mounted.tokens.push(token);
        return <span data-testid="realtime-connection" />;
      },
    })) as unknown as AppModule['loadRealtimeConnection'],
  };
}

export async function notificationsStub(importOriginal: () => Promise<NotificationsModule>): Promise<NotificationsModule> {
  const actual = await importOriginal();
  return { ...actual, playSound: () => undefined };
}
