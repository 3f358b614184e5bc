/** Enumerations of §1, §3 and §4. They live here once and drive every select and filter. */

/** §1 Services of the system behind the console. */
export const SERVICES = ['brain', 'noder', 'eventer', 'croner', 'worker', 'transactions', 'monitoring', 'aggregator'] as const;
export type Service = (typeof SERVICES)[number];

/** §7 Scaling restarts: namespace is worker for the worker service, core otherwise; transactions uses tx-core. */
export function scalingTarget(service: Service): { deploymentName: string; namespace: string } {
  if (service === 'worker') return { deploymentName: 'worker', namespace: 'worker' };
  if (service === 'transactions') return { deploymentName: 'tx-core', namespace: 'core' };
  return { deploymentName: service, namespace: 'core' };
}

/** §7 Worker commands sent through POST /command. */
export const WORKER_COMMANDS = [
  'saveStats', 'newAnalyticsFile', 'saveStats2', 'newAnalyticsFile2', 'requestNewWorker', 'restartJupiter',
] as const;
export type WorkerCommand = (typeof WORKER_COMMANDS)[number];
/**
 * Each worker command in the operator's words, a line saying what it does (under its button in
 * Worker actions), and what a command with a lasting effect does (asked before it is sent). Worker
 * actions and the worker's Send command… read these. §7 gives the wire names only; what the two
 * "2" commands save is said as far as their names tell (a second set beside the first), with the
 * wire name in the line so an operator knows exactly what is sent.
 */
export const WORKER_COMMAND_TEXT: Record<WorkerCommand, { label: string; description: string; confirm?: string }> = {
  saveStats: { label: 'Save stats', description: 'The worker writes its statistics now (saveStats).' },
  newAnalyticsFile: { label: 'New analytics file', description: 'The worker closes its analytics file and starts a new one (newAnalyticsFile).' },
  saveStats2: { label: 'Save stats, second set', description: 'As Save stats, for the worker\'s second set of statistics (saveStats2).' },
  newAnalyticsFile2: { label: 'New analytics file, second set', description: 'As New analytics file, for the second set (newAnalyticsFile2).' },
  requestNewWorker: {
    label: 'Request new worker',
    description: 'Asks the cluster for another worker instance (requestNewWorker).',
    confirm: 'A new worker instance is requested from the cluster.',
  },
  restartJupiter: {
    label: 'Restart Jupiter',
    description: 'Restarts the Jupiter quote service for Solana (restartJupiter).',
    confirm: 'The Jupiter quote service restarts; Solana quotes pause meanwhile.',
  },
};

/** §4 */
export const TRADE_MODES = ['auto', 'force', 'parallel', 'no_trade'] as const;
export type TradeMode = (typeof TRADE_MODES)[number];

export const TX_SIDES = ['buy', 'sell'] as const;
export type TxSide = (typeof TX_SIDES)[number];

export const TX_STATUSES = ['created', 'pending', 'completed', 'failed', 'stale', 'skip', 'sent-back'] as const;
export type TxStatus = (typeof TX_STATUSES)[number];

export const TX_TYPES = [
  'ApproveSwap', 'ApproveSell', 'ApproveBridge', 'Swap', 'Bridge', 'Claim', 'Sell', 'TransferNative',
  'TransferToken', 'TransferFrom', 'Refund',
] as const;
export type TxType = (typeof TX_TYPES)[number];

/** docs/protocol.md "Timeline": the kinds of event the timeline holds, in the order the console offers them. */
export const TIMELINE_KINDS = ['health', 'worker', 'trade', 'alert', 'action'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** docs/protocol.md "Timeline": how much a timeline event matters, worst first. */
export const TIMELINE_SEVERITIES = ['critical', 'warning', 'info'] as const;
export type TimelineSeverity = (typeof TIMELINE_SEVERITIES)[number];

/** §3 */
export const DEX_AGGREGATORS = ['1inch', 'paraswap', 'zerox', 'kyberswap', 'odos', 'lp', 'jupiter'] as const;
export type DexAggregator = (typeof DEX_AGGREGATORS)[number];

export const BRIDGE_KINDS = [
  'Synapse', 'Polygon', 'Arbitrum', 'Portal', 'PortalNtt', 'Hyperlane', 'Stargate', 'Super', 'ZRO', 'Omni',
  'Axelar', 'CCIP', 'deBridge', 'Optimism', 'Uni', 'Constructor', 'ConstructorClaim', 'CexTransfer',
] as const;
export type BridgeKind = (typeof BRIDGE_KINDS)[number];

export const SWAP_PROTOCOLS = [
  'Uniswap', 'Pancakeswap', 'Sushiswap', 'Camelot', 'Quickswap', 'TraderJoe', 'Apeswap', 'Biswap', 'Shibaswap',
] as const;
export type SwapProtocol = (typeof SWAP_PROTOCOLS)[number];
export const SWAP_PROTOCOL_VERSIONS = ['V1', 'V2', 'V3'] as const;
export type SwapProtocolVersion = (typeof SWAP_PROTOCOL_VERSIONS)[number];

/** §9 Sounds and their per-sound volume factor. */
export const SOUND_FACTORS = { beep: 1, call: 1, dindilin: 1, error: 1, plop: 0.5, profit: 1 } as const;
export type SoundName = keyof typeof SOUND_FACTORS;
export const SOUND_NAMES = Object.keys(SOUND_FACTORS) as SoundName[];

/** §6 The one role with admin rights, exactly. */
export const ADMIN_ROLE = 'Admin';
/** The non-admin role the reference server seeds; §6 does not name others. */
export const OPERATOR_ROLE = 'Operator';

/** docs/protocol.md "Alerts lifecycle": how bad an alert is, worst first. */
export const ALERT_SEVERITIES = ['critical', 'warning', 'info'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** docs/protocol.md "Alerts lifecycle": what an alert is about. */
export const ALERT_SUBJECT_TYPES = ['network', 'service', 'system'] as const;

/** docs/protocol.md "Alerts lifecycle": pending (holding, not yet long enough) → firing → resolved. */
export const ALERT_STATES = ['pending', 'firing', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** docs/protocol.md "Alerts lifecycle": what an alert's history records. */
export const ALERT_HISTORY_EVENTS = ['pending', 'firing', 'resolved', 'reopened', 'acknowledged', 'silenced', 'unsilenced'] as const;
