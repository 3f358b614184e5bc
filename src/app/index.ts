/**
 * The app's wiring of the realtime connection to the notifications (issue 27 finding 13: realtime
 * and notifications do not import each other; this does both). The socket and its client library
 * load lazily, after the signed-in frame: /login needs neither (issue #6 budgets). The layout makes
 * the component from this loader (one that can be loaded again).
 */
export type { RealtimeConnectionProps } from './RealtimeConnection.tsx';
export const loadRealtimeConnection = () => import('./RealtimeConnection.tsx');
