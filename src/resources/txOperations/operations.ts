/**
 * The operations of /tx/new (SPEC §7): their fields, the contract schema that checks the body, and
 * the sentence the confirmation restates. Fields are defined once and shared; whether a field is
 * optional is read from the schema, so the form and the contract cannot disagree.
 */
import { z } from 'zod';
import { TX_TYPES } from '../../config/enums.ts';
import { NETWORKS } from '../../config/networks.ts';
import { ForceTradeRequest, ManualTxRequest, RefundRequest, SellRequest, UnlockNonceRequest, type TradeRecord } from '../../contract/index.ts';
import type { ResourceApi } from '../shared/api.ts';

export type FieldKind = 'text' | 'number' | 'select';
export type OptionSource = 'networks' | 'txTypes' | 'tokens' | 'bridges';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  options?: OptionSource;
  optional?: boolean;
  /** Long free text: takes the whole row of the two-column form. */
  wide?: boolean;
}

export interface OperationSpec {
  key: 'sell' | 'sellUpdate' | 'manual' | 'refund' | 'force' | 'unlock';
  title: string;
  fields: FieldSpec[];
  schema: z.ZodObject;
  describe: (body: Record<string, unknown>) => string;
  call: (api: ResourceApi, body: never) => Promise<unknown>;
}

export const STATIC_OPTIONS: Partial<Record<OptionSource, readonly string[]>> = { networks: NETWORKS, txTypes: TX_TYPES };

const s = (v: unknown) => String(v ?? '');

type FieldDef = Omit<FieldSpec, 'name' | 'optional'>;
const token: FieldDef = { label: 'Token', kind: 'select', options: 'tokens' };
const network: FieldDef = { label: 'Network', kind: 'select', options: 'networks' };
const amount: FieldDef = { label: 'Amount', kind: 'number' };

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
  tokenName: token,
  network,
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
    title: 'Sell',
    schema: SellRequest,
    fields: SELL_FIELDS,
    describe: (b) => `${describeSell(b)}. The sell is queued for the workers.`,
    call: (api, body: SellRequest) => api.sell(body),
  },
  {
    key: 'manual',
    title: 'Manual',
    schema: ManualTxRequest,
    fields: fieldsOf(ManualTxRequest, {
      network,
      txType: { label: 'Type', kind: 'select', options: 'txTypes' },
      tokenName: { label: 'Token (or native coin)', kind: 'text' },
      amount,
      to: { label: 'To address', kind: 'text', wide: true },
    }),
    describe: (b) => `Send a ${s(b.txType)} of ${s(b.amount)} ${s(b.tokenName)} on ${s(b.network)}${b.to ? ` to ${s(b.to)}` : ''} from the system wallet.`,
    call: (api, body: ManualTxRequest) => api.manualTx(body),
  },
  {
    key: 'refund',
    title: 'Refund',
    schema: RefundRequest,
    fields: fieldsOf(RefundRequest, {
      tradeId: { label: 'Trade id', kind: 'text' },
      txId: { label: 'Tx id', kind: 'text' },
      reason: { label: 'Reason', kind: 'text', wide: true },
    }),
    describe: (b) => `Refund ${b.tradeId ? `trade ${s(b.tradeId)}` : `tx ${s(b.txId)}`}${b.reason ? ` (reason: ${s(b.reason)})` : ''}.`,
    call: (api, body: RefundRequest) => api.refund(body),
  },
  {
    key: 'force',
    title: 'Force',
    schema: ForceTradeRequest,
    fields: fieldsOf(ForceTradeRequest, {
      tokenName: token,
      amount,
      networkBuy: { ...network, label: 'Buy on' },
      networkSell: { ...network, label: 'Sell on' },
      bridgeName: { label: 'Bridge', kind: 'select', options: 'bridges' },
    }),
    describe: (b) => `Force a trade of ${s(b.amount)} ${s(b.tokenName)}: buy on ${s(b.networkBuy)}, bridge with ${s(b.bridgeName)}, sell on ${s(b.networkSell)}. It runs whatever the trade mode.`,
    call: (api, body: ForceTradeRequest) => api.forceTrade(body),
  },
  {
    key: 'unlock',
    title: 'Unlock nonce',
    schema: UnlockNonceRequest,
    fields: fieldsOf(UnlockNonceRequest, { network, nonce: { label: 'Nonce', kind: 'number' } }),
    describe: (b) => `Fill nonce ${s(b.nonce)} of the wallet on ${s(b.network)} with an empty transaction, unlocking the txs queued behind it.`,
    call: (api, body: UnlockNonceRequest) => api.unlockNonce(body),
  },
];

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
    title: 'Update sell',
    schema: SellRequest,
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

/** Typed text to a body: empty optional fields left out, numbers parsed (an unparsable one stays text for the schema to reject). */
export function bodyOf(spec: OperationSpec, values: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of spec.fields) {
    const raw = (values[f.name] ?? '').trim();
    if (raw === '') {
      if (!f.optional) body[f.name] = f.kind === 'number' ? undefined : '';
      continue;
    }
    body[f.name] = f.kind === 'number' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  }
  return body;
}

/**
 * The schema's own words, except where they are machine talk: a missing value reads "required" and
 * a value not among the choices "choose one of the list" (not the whole list of options in one line).
 * Custom rules (refinements) keep their message.
 */
function readableProblem(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code === 'custom') return issue.message;
  if (value === undefined || value === '') return 'required';
  if (issue.code === 'invalid_value') return 'choose one of the list';
  return issue.message;
}

/** Field -> first problem, from the contract schema. */
export function problemsOf(spec: OperationSpec, body: Record<string, unknown>): Record<string, string> {
  const parsed = spec.schema.safeParse(body);
  if (parsed.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? spec.fields[0]?.name ?? '');
    problems[field] ??= readableProblem(issue, body[field]);
  }
  return problems;
}
