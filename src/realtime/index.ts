/**
 * What the rest of the console uses of the realtime layer: the live store and its hooks, the state's
 * types, the collections, the reconnect flag and the session's end. The socket itself (service.ts,
 * DisconnectedMessage.tsx) is left out: only src/app's RealtimeConnection, a lazy chunk, opens it,
 * so the socket.io client loads after sign-in (docs/decisions.md "Bundle budgets and lazy chunks").
 */
export { useLive, useLiveFrom, sampledSource, useConnectionState, deriveConnectionStatus, SILENT_AFTER_MS } from './hooks.ts';
export type { ConnectionState, ConnectionStatus, LiveSource } from './hooks.ts';
export { liveStore, LiveStore, type LivePatch } from './liveStore.ts';
export { frameQueue, defaultFrameScheduler as onNextFrame, type FrameScheduler } from './frameQueue.ts';
export { selectNoTrades } from './liveState.ts';
export type { LiveState, BlockHead, CheckerResult, TrackingResult, TrackingError, ConnectionPhase } from './liveState.ts';
export { collectionEntries, type CollectionChange, type CollectionName, type LiveCollectionName } from './liveCollections.ts';
export { resetReconnectFlag, stopReconnect, isReconnectStopped } from './reconnectFlag.ts';
export { dispatchServerEvent } from './handlers.ts';
export { endLiveSessions, whileSessionOpen } from './sessionEnd.ts';
export type { LiveNotifier, RealtimeToaster } from './ports.ts';
