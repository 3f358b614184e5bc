export { useLive, useLiveFrom, sampledSource, useConnectionState, deriveConnectionStatus, SILENT_AFTER_MS } from './hooks.ts';
export type { ConnectionState, ConnectionStatus, LiveSource } from './hooks.ts';
export { liveStore, LiveStore, type LivePatch, type FrameScheduler } from './liveStore.ts';
export type { LiveState, BlockHead, CheckerResult, TrackingResult, TrackingError, ConnectionPhase } from './liveState.ts';
export { resetReconnectFlag, stopReconnect, isReconnectStopped } from './reconnectFlag.ts';
export {
  RealtimeService, socketOptions, systemClock, RECONNECTING_TEXT, DISCONNECTED_TEXT,
  type RealtimeDeps, type SocketLike, type SocketFactory, type SocketOptions, type Clock,
} from './service.ts';
export { dispatchServerEvent } from './handlers.ts';
export { endLiveSessions } from './sessionEnd.ts';
export type { LiveNotifier, RealtimeToaster } from './ports.ts';
