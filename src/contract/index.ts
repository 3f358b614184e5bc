/**
 * The wire contract of docs/protocol.md as zod schemas. Console and server both import this module;
 * it imports nothing from React or the app.
 *
 * One file per docs/protocol.md section. zod.ts (zod with the console's CSP setting) and
 * builders.ts (the schema builders those files share) are not part of the contract, so they are not
 * re-exported.
 */
export * from './base.ts';
export * from './rest.ts';
export * from './shapes.ts';
export * from './addresses.ts';
export * from './alertRules.ts';
export * from './alerts.ts';

// ---------- Resources (§7: tokens, bridges, configs, transactions, logs, cloud, Solana bridge; trades, an extension) ----------
//
// Bodies that edit a whole record (tokens, bridges, configs, sells) accept the record as it was read
// (react-admin sends it back whole): fields the server owns, such as `updatedAt`, are ignored.
// Bodies of actions (pins, manual txs, imports...) are strict: an unknown field is a 400.
export * from './tokens.ts';
export * from './bridges.ts';
export * from './configs.ts';
export * from './txs.ts';
export * from './trades.ts';
export * from './stats.ts';
export * from './timeline.ts';
export * from './userLogs.ts';
export * from './cloud.ts';
export * from './solanaBridge.ts';

export * from './socket.ts';
