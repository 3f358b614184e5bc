/**
 * The operations of /tx/new (§7): their fields, the rules that check them before the
 * confirmation (src/domain/txOperationRules.ts) and the sentence the confirmation restates. Fields
 * are defined once and shared; whether a field is optional is read from the contract schema, so the
 * form and the contract cannot disagree.
 */
import type { z } from 'zod';
import { TX_TYPES } from '../../config/enums.ts';
import { NETWORKS, isNetwork } from '../../config/networks.ts';
import {
  ForceTradeRequest,
  ManualTxRequest,
  RefundConflictDetails,
  RefundRequest,
  SellRequest,
  TRADE_ALREADY_REFUNDED,
  UnlockNonceRequest,
  type TradeRecord,
} from '../../contract/index.ts';
import { bridgesJoining, parseDecimal, tokensOn, type KnownRecords, type TxOperationKind, type TypedValues } from '../../domain/txOperationRules.ts';
import { ApiError, type CustomMethods } from '../../dataProvider/index.ts';

/** flag: a field of the body the form sets itself, never typed (a refund's force, after its second question). */
export type FieldKind = 'text' | 'number' | 'select' | 'flag';
export type OptionSource = 'networks' | 'txTypes' | 'tokens' | 'bridges';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  options?: OptionSource;
  /** Network fields whose choice narrows this list (tokens deployed there, bridges joining them). */
  follows?: readonly string[];
  optional?: boolean;
  /** What the label adds when the field may be left empty; "(optional)" unless said otherwise. */
  optionalNote?: string;
  /** Said under the field while nothing is wrong with it. */
  hint?: string;
  /** Long free text: takes the whole row of the two-column form. */
  wide?: boolean;
}

/**
 * A refusal the operator may overrule (docs/protocol.md "Guarded refunds"): what the earlier operation
 * was, the question that names it, and the body sent only once they answer Yes to it.
 */
export interface Override {
  /** What was done before, in the operator's words, up to the earlier tx's id (linked after it). */
  lead: string;
  /** The earlier tx's id (GET /txs/{id}, the page /tx/{id}). */
  earlierTxId: string;
  /** Said after the linked id. */
  tail: string;
  /** The button's text. */
  action: string;
  /** The second question, naming the earlier operation. */
  question: string;
  body: Record<string, unknown>;
}

export interface OperationSpec {
  key: 'sell' | 'sellUpdate' | 'manual' | 'refund' | 'force' | 'unlock';
  /** Which rules of src/domain/txOperationRules.ts check it. */
  rules: TxOperationKind;
  title: string;
  fields: FieldSpec[];
  describe: (body: Record<string, unknown>) => string;
  call: (api: CustomMethods, body: never) => Promise<unknown>;
  /** A refusal of the server the operator may overrule with a second question; null for any other. */
  override?: (error: unknown, body: Record<string, unknown>) => Override | null;
}

const s = (v: unknown) => String(v ?? '');

type FieldDef = Omit<FieldSpec, 'name' | 'optional'>;
const network: FieldDef = { label: 'Network', kind: 'select', options: 'networks' };
const amount: FieldDef = { label: 'Amount', kind: 'number' };
/** The trade an operation is done for: its page then lists the operation (filled in from a trade's page). */
const forTrade: FieldDef = { label: 'For trade', kind: 'text', optionalNote: '(trade id, optional)', hint: "Listed on that trade's page", wide: true };
/** Chosen after the network(s), from the tokens deployed there. */
const tokenOn = (...networks: string[]): FieldDef => ({ label: 'Token', kind: 'select', options: 'tokens', follows: networks });

/** The fields of `schema` in the order given; each is optional exactly when the schema accepts it missing. */
function fieldsOf(schema: z.ZodObject, defs: Record<string, FieldDef>): FieldSpec[] {
  return Object.entries(defs).map(([name, def]) => {
    const shape: Record<string, z.ZodType | undefined> = schema.shape;
    const field = shape[name];
    if (!field) throw new Error(`${name} is not a field of the schema`);
    return { name, ...def, optional: field.safeParse(undefined).success };
  });
}

/** One field list for creating and editing a sell (the same SellRequest body). */
const SELL_FIELDS = fieldsOf(SellRequest, {
  network,
  tokenName: tokenOn('network'),
  amount,
  minAmountOut: { label: 'Min amount out', kind: 'number' },
  slippageBps: { label: 'Slippage (bps)', kind: 'number' },
  note: { label: 'Note', kind: 'text' },
});

/** "Sell 12.5 PEPE on Base, for at least 3 out, slippage 50 bps" */
export function describeSell(b: Record<string, unknown>): string {
  return (
    `Sell ${s(b.amount)} ${s(b.tokenName)} on ${s(b.network)}` +
    (b.minAmountOut !== undefined ? `, for at least ${s(b.minAmountOut)} out` : '') +
    (b.slippageBps !== undefined ? `, slippage ${s(b.slippageBps)} bps` : '') +
    (b.note !== undefined && b.note !== '' ? ` (note: ${s(b.note)})` : '')
  );
}

export const OPERATIONS: OperationSpec[] = [
  {
    key: 'sell',
    rules: 'sell',
    title: 'Sell',
    fields: SELL_FIELDS,
    describe: (b) => `${describeSell(b)}. The sell is queued for the workers.`,
    call: (api, body: SellRequest) => api.sell(body),
  },
  {
    key: 'manual',
    rules: 'manual',
    title: 'Manual',
    fields: fieldsOf(ManualTxRequest, {
      network,
      txType: { label: 'Type', kind: 'select', options: 'txTypes' },
      tokenName: { label: 'Token (or native coin)', kind: 'text' },
      amount,
      to: { label: 'To address', kind: 'text', wide: true },
      tradeId: forTrade,
    }),
    describe: (b) => `Send a ${s(b.txType)} of ${s(b.amount)} ${s(b.tokenName)} on ${s(b.network)}${b.to ? ` to ${s(b.to)}` : ''} from the system wallet.`,
    call: (api, body: ManualTxRequest) => api.manualTx(body),
  },
  {
    key: 'refund',
    rules: 'refund',
    title: 'Refund',
    // Neither id is needed on its own, but one of them is: the labels say so, not "(optional)".
    fields: fieldsOf(RefundRequest, {
      tradeId: { label: 'Trade id', kind: 'text', optionalNote: '(or a Tx id)', hint: 'This or a Tx id, not both' },
      txId: { label: 'Tx id', kind: 'text', optionalNote: '(or a Trade id)', hint: 'This or a Trade id, not both' },
      reason: { label: 'Reason', kind: 'text', wide: true },
      // Sent only after "Refund again anyway" and its second question (docs/protocol.md "Guarded refunds").
      force: { label: 'Refund again anyway', kind: 'flag' },
    }),
    describe: (b) => `Refund ${b.tradeId ? `trade ${s(b.tradeId)}` : `tx ${s(b.txId)}`}${b.reason ? ` (reason: ${s(b.reason)})` : ''}.`,
    call: (api, body: RefundRequest) => api.refund(body),
    override: refundOverride,
  },
  {
    key: 'force',
    rules: 'force',
    title: 'Force',
    fields: fieldsOf(ForceTradeRequest, {
      networkBuy: { ...network, label: 'Buy on' },
      networkSell: { ...network, label: 'Sell on' },
      tokenName: tokenOn('networkBuy', 'networkSell'),
      amount,
      bridgeName: { label: 'Bridge', kind: 'select', options: 'bridges', follows: ['networkBuy', 'networkSell'] },
    }),
    describe: (b) => `Force a trade of ${s(b.amount)} ${s(b.tokenName)}: buy on ${s(b.networkBuy)}, bridge with ${s(b.bridgeName)}, sell on ${s(b.networkSell)}. It runs whatever the trade mode.`,
    call: (api, body: ForceTradeRequest) => api.forceTrade(body),
  },
  {
    key: 'unlock',
    rules: 'unlock',
    title: 'Unlock nonce',
    fields: fieldsOf(UnlockNonceRequest, { network, nonce: { label: 'Nonce', kind: 'number' }, tradeId: forTrade }),
    describe: (b) => `Fill nonce ${s(b.nonce)} of the wallet on ${s(b.network)} with an empty transaction, unlocking the txs queued behind it.`,
    call: (api, body: UnlockNonceRequest) => api.unlockNonce(body),
  },
];

/**
 * docs/protocol.md "Guarded refunds": the server's 409 "trade already refunded" names the earlier
 * refund's tx; the operator may send another one anyway (force: true), after a question that names
 * it.
 */
export function refundOverride(error: unknown, body: Record<string, unknown>): Override | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.message !== TRADE_ALREADY_REFUNDED) return null;
  const details = RefundConflictDetails.safeParse(error.details);
  if (!details.success) return null;
  const earlierTxId = details.data.txId;
  const trade = body.tradeId ? `Trade ${s(body.tradeId)}` : `The trade of tx ${s(body.txId)}`;
  return {
    lead: `${trade} was already refunded by tx `,
    earlierTxId,
    tail: '. Nothing was sent this time. Sending another refund may pay the same funds back twice.',
    action: 'Refund again anyway',
    question: `${trade} was already refunded by tx ${earlierTxId}. Send another refund?`,
    body: { ...body, force: true },
  };
}

/** The sell as its creator asked for it, in SellRequest words; undefined for trades not made with POST /txs/sell. */
export function sellRequestOf(trade: TradeRecord): SellRequest | undefined {
  if (!trade.sell) return undefined;
  const { network: sellNetwork, amount: sellAmount, minAmountOut, slippageBps, note } = trade.sell;
  const body: Record<string, unknown> = { tokenName: trade.tokenName, network: sellNetwork, amount: sellAmount, minAmountOut, slippageBps, note };
  const parsed = SellRequest.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Why a sell cannot be edited any more, or null. The server decides (409); the form says it first:
 * only an operator's sell still pending with none of its txs sent.
 */
export function sellEditProblem(trade: TradeRecord): string | null {
  if (!trade.sell) return `trade ${trade.tradeId} was not made with Sell here, so it cannot be edited`;
  if (trade.status !== 'pending' || trade.txs.some((tx) => tx.status !== 'created')) return `sell ${trade.tradeId} has already been sent (${trade.status})`;
  return null;
}

/** PUT /txs/sell/{tradeId}: the same fields as Sell; the confirmation restates before and after. */
export function sellUpdateSpec(trade: TradeRecord): OperationSpec {
  const before = sellRequestOf(trade);
  return {
    key: 'sellUpdate',
    rules: 'sell',
    title: 'Update sell',
    fields: SELL_FIELDS,
    describe: (b) =>
      `Change sell ${trade.tradeId}${before ? ` from "${describeSell(before)}"` : ''} to "${describeSell(b)}". ` +
      'The pending sell is replaced before the workers send it.',
    call: (api, body: SellRequest) => api.updateSell(trade.tradeId, body),
  };
}

/** The form's text values of a body (the inverse of bodyOf), to edit what is stored. */
export function valuesOf(spec: OperationSpec, body: Record<string, unknown> | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of spec.fields) {
    const v = body?.[f.name];
    if (v !== undefined && v !== null) values[f.name] = String(v);
  }
  return values;
}

/** Typed text to a body: empty optional fields left out, numbers parsed (the rules have checked them first). */
export function bodyOf(spec: OperationSpec, values: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of spec.fields) {
    // A flag is never taken from typed text (nor from a link): the form sets it itself.
    if (f.kind === 'flag') continue;
    const raw = (values[f.name] ?? '').trim();
    if (raw === '') {
      if (!f.optional) body[f.name] = f.kind === 'number' ? undefined : '';
      continue;
    }
    body[f.name] = f.kind === 'number' ? (parseDecimal(raw) ?? raw) : raw;
  }
  return body;
}

/** The form's labels by field name, to say the server's field names in the operator's words. */
export function labelsOf(spec: OperationSpec): Record<string, string> {
  return Object.fromEntries(spec.fields.map((f) => [f.name, f.label]));
}

export interface Choices {
  options: readonly string[];
  /** Said in the list when nothing fits the networks chosen. */
  none?: string;
}

/**
 * A select's choices: networks and tx types as configured; tokens and bridges from the live lists,
 * narrowed to the networks chosen in the fields it follows. The value already chosen stays listed
 * even when it no longer fits (the rules then say why), so nothing typed is lost.
 */
export function choicesOf(field: FieldSpec, values: TypedValues, known: KnownRecords): Choices {
  const networks = [...new Set((field.follows ?? []).map((name) => (values[name] ?? '').trim()).filter(isNetwork))];
  const where = networks.join(' and ');
  let fitting: readonly string[];
  let none: string | undefined;
  switch (field.options ?? 'networks') {
    case 'networks':
      fitting = NETWORKS;
      break;
    case 'txTypes':
      fitting = TX_TYPES;
      break;
    case 'tokens':
      fitting = tokensOn(known.tokens, networks);
      none = networks.length > 0 ? `No token is deployed on ${where}` : 'No tokens known yet';
      break;
    case 'bridges':
      fitting = bridgesJoining(known.bridges, networks);
      none = networks.length === 2 ? `No bridge connects ${where}` : networks.length === 1 ? `No bridge reaches ${where}` : 'No bridges known yet';
      break;
  }
  const current = values[field.name] ?? '';
  const options = current !== '' && !fitting.includes(current) ? [current, ...fitting] : fitting;
  return fitting.length > 0 || none === undefined ? { options } : { options, none };
}
