/**
 * The /api route files every server registers, one plugin per file, each route made from its entry
 * in the operations table (src/contract/operations.ts). Sign-in takes options and the simulator's
 * control is registered only while it runs, so app.ts registers those two itself.
 */
import type { ZodPlugin } from '../lib/zod.ts';
import alertRoutes from './alerts.ts';
import awsRoutes from './aws.ts';
import bridgeRoutes from './bridges.ts';
import commandRoutes from './command.ts';
import configRoutes from './configs.ts';
import contractDocumentRoutes from './contractDocuments.ts';
import logRoutes from './logs.ts';
import peerRoutes from './peers.ts';
import proxyRoutes from './proxy.ts';
import serviceRoutes from './services.ts';
import settingsRoutes from './settings.ts';
import solanaBridgeRoutes from './solanaBridge.ts';
import statsRoutes from './stats.ts';
import timelineRoutes from './timeline.ts';
import tokenRoutes from './tokens.ts';
import tradeRoutes from './trades.ts';
import txOperationRoutes from './txOperations.ts';
import txRoutes from './txs.ts';
import workerRoutes from './workers.ts';

export const API_ROUTE_PLUGINS: readonly ZodPlugin[] = [
  contractDocumentRoutes,
  workerRoutes,
  settingsRoutes,
  commandRoutes,
  serviceRoutes,
  peerRoutes,
  txRoutes,
  tradeRoutes,
  statsRoutes,
  timelineRoutes,
  txOperationRoutes,
  tokenRoutes,
  bridgeRoutes,
  configRoutes,
  logRoutes,
  awsRoutes,
  solanaBridgeRoutes,
  proxyRoutes,
  alertRoutes,
];
