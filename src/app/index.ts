/**
 * The app's wiring of the realtime connection to the notifications (docs/architecture.md
 * "Dependencies point one way": realtime and notifications do not import each other; this does
 * both). The socket and its client library load lazily, after the signed-in frame: /login needs
 * neither (docs/decisions.md "Bundle budgets and lazy chunks"). The layout makes the component from
 * this loader (one that can be loaded again).
 */
export type { RealtimeConnectionProps } from './RealtimeConnection.tsx';
export const loadRealtimeConnection = () => import('./RealtimeConnection.tsx');
