/**
 * The trade_journeys rows (migration 11): one per tradeId of the txs table, the trade as its txs
 * give it (src/domain/trades.ts journeyOf). The txs writer refreshes the rows of the trades it
 * wrote, in the same statement transaction; a bulk load rebuilds them all at its end.
 */
import type { Database } from 'better-sqlite3';
import type { TxStatus, TxType } from '../../../../src/config/enums.ts';
import { journeyOf } from '../../../../src/domain/trades.ts';

export interface JourneyWriter {
  /** Builds the rows of these trades again from their txs; a trade without txs loses its row. */
  refresh(tradeIds: Iterable<string>): void;
  /** Every row again from the whole txs table; how many trades. */
  rebuildAll(): number;
  /** Whether txs of trades exist while no trade row does (a history older than migration 11). */
  missing(): boolean;
}

/** A tx as a trade row is built from it, in the order its trade's txs were sent. */
interface StepRow {
  tradeId: string;
  txType: TxType;
  attempt: number;
  status: TxStatus;
  amountIn: number;
  amountOut: number | null;
  createdAt: number;
  updatedAt: number;
  tokenName: string;
  networkBuy: string | null;
  networkSell: string | null;
  network: string;
  bridgeName: string | null;
  expectedProfit: number | null;
  errCode: number | null;
}

type Param = string | number | null;

const STEP_COLUMNS = `trade_id AS tradeId, tx_type AS txType, attempt, status, amount_in AS amountIn, amount_out AS amountOut,
  created_at AS createdAt, updated_at AS updatedAt, token_name AS tokenName, network_buy AS networkBuy,
  network_sell AS networkSell, network, bridge_name AS bridgeName, expected_profit AS expectedProfit, err_code AS errCode`;

/** The trade_journeys columns of a trade from its txs, oldest first (at least one). */
function journeyRow(steps: readonly StepRow[]): Param[] {
  const first = steps[0] as StepRow;
  const last = steps.at(-1) as StepRow;
  const journey = journeyOf(steps);
  return [
    first.tradeId,
    first.tokenName,
    first.networkBuy ?? first.network,
    first.networkSell ?? last.network,
    steps.find((step) => step.bridgeName !== null)?.bridgeName ?? '',
    first.createdAt,
    Math.max(...steps.map((step) => step.updatedAt)),
    journey.currentStep,
    journey.state,
    steps.find((step) => step.expectedProfit !== null)?.expectedProfit ?? 0,
    journey.amountIn,
    journey.amountOut,
    // A failed trade's §8 code: the first of its txs that has one (migration 13).
    journey.state === 'failed' ? (steps.find((step) => step.errCode !== null)?.errCode ?? null) : null,
  ];
}

const CHANGED = ['token_name', 'network_buy', 'network_sell', 'bridge_name', 'started_at', 'updated_at', 'current_step', 'state', 'expected_profit', 'amount_in', 'amount_out', 'err_code'];

export function sqliteJourneyWriter(db: Database): JourneyWriter {
  const stepsOf = db.prepare<[string], StepRow>(`SELECT ${STEP_COLUMNS} FROM txs WHERE trade_id = ? ORDER BY created_at, rowid`);
  // A row only changes when the trade did: its indexes are not rewritten for a tx that moved nothing.
  const upsert = db.prepare<Param[]>(
    `INSERT INTO trade_journeys (trade_id, ${CHANGED.join(', ')}) VALUES (${Array.from({ length: CHANGED.length + 1 }, () => '?').join(', ')})
     ON CONFLICT (trade_id) DO UPDATE SET ${CHANGED.map((column) => `${column} = excluded.${column}`).join(', ')}
     WHERE ${CHANGED.map((column) => `trade_journeys.${column} IS NOT excluded.${column}`).join(' OR ')}`,
  );
  const remove = db.prepare<[string]>('DELETE FROM trade_journeys WHERE trade_id = ?');
  const clear = db.prepare('DELETE FROM trade_journeys');
  const tradeIds = db.prepare<[], string>('SELECT DISTINCT trade_id FROM txs WHERE trade_id IS NOT NULL').pluck();
  const anyJourney = db.prepare<[], number>('SELECT 1 FROM trade_journeys LIMIT 1').pluck();
  const anyTradeTx = db.prepare<[], number>('SELECT 1 FROM txs WHERE trade_id IS NOT NULL LIMIT 1').pluck();

  const refresh = (tradeIds: Iterable<string>) => {
    for (const tradeId of new Set(tradeIds)) {
      const steps = stepsOf.all(tradeId);
      if (steps.length === 0) remove.run(tradeId);
      else upsert.run(...journeyRow(steps));
    }
  };
  // One index seek per trade (txs_by_trade): 20,000 trades of 100,000 txs take a few hundred ms.
  const rebuildAll = db.transaction(() => {
    clear.run();
    const all = tradeIds.all();
    refresh(all);
    return all.length;
  });
  return {
    refresh,
    rebuildAll: () => rebuildAll(),
    missing: () => anyJourney.get() === undefined && anyTradeTx.get() !== undefined,
  };
}
