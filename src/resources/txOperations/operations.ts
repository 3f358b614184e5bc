/**
 * The five operations of /tx/new (SPEC §7): their fields, the contract schema that checks the
 * body, and the sentence the confirmation restates.
 */
import type { z } from 'zod';
import { TX_TYPES } from '../../config/enums.ts';
import { NETWORKS } from '../../config/networks.ts';
import { ForceTradeRequest, ManualTxRequest, RefundRequest, SellRequest, UnlockNonceRequest } from '../../contract/index.ts';
import type { ResourceApi } from '../shared/api.ts';

export type FieldKind = 'text' | 'number' | 'select';
export type OptionSource = 'networks' | 'txTypes' | 'tokens' | 'bridges';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  options?: OptionSource;
  optional?: boolean;
}

export interface OperationSpec {
  key: 'sell' | 'manual' | 'refund' | 'force' | 'unlock';
  title: string;
  fields: FieldSpec[];
  schema: z.ZodType;
  describe: (body: Record<string, unknown>) => string;
  call: (api: ResourceApi, body: never) => Promise<unknown>;
}

export const STATIC_OPTIONS: Partial<Record<OptionSource, readonly string[]>> = { networks: NETWORKS, txTypes: TX_TYPES };

const s = (v: unknown) => String(v ?? '');

export const OPERATIONS: OperationSpec[] = [
  {
    key: 'sell',
    title: 'Sell',
    schema: SellRequest,
    fields: [
      { name: 'tokenName', label: 'Token', kind: 'select', options: 'tokens' },
      { name: 'network', label: 'Network', kind: 'select', options: 'networks' },
      { name: 'amount', label: 'Amount', kind: 'number' },
      { name: 'minAmountOut', label: 'Min amount out', kind: 'number', optional: true },
      { name: 'slippageBps', label: 'Slippage (bps)', kind: 'number', optional: true },
      { name: 'note', label: 'Note', kind: 'text', optional: true },
    ],
    describe: (b) =>
      `Sell ${s(b.amount)} ${s(b.tokenName)} on ${s(b.network)}` +
      (b.minAmountOut !== undefined ? `, for at least ${s(b.minAmountOut)} out` : '') +
      (b.slippageBps !== undefined ? `, slippage ${s(b.slippageBps)} bps` : '') +
      '. The sell is queued for the workers.',
    call: (api, body: z.infer<typeof SellRequest>) => api.sell(body),
  },
  {
    key: 'manual',
    title: 'Manual',
    schema: ManualTxRequest,
    fields: [
      { name: 'network', label: 'Network', kind: 'select', options: 'networks' },
      { name: 'txType', label: 'Type', kind: 'select', options: 'txTypes' },
      { name: 'tokenName', label: 'Token (or native coin)', kind: 'text' },
      { name: 'amount', label: 'Amount', kind: 'number' },
      { name: 'to', label: 'To address', kind: 'text', optional: true },
    ],
    describe: (b) => `Send a ${s(b.txType)} of ${s(b.amount)} ${s(b.tokenName)} on ${s(b.network)}${b.to ? ` to ${s(b.to)}` : ''} from the system wallet.`,
    call: (api, body: z.infer<typeof ManualTxRequest>) => api.manualTx(body),
  },
  {
    key: 'refund',
    title: 'Refund',
    schema: RefundRequest,
    fields: [
      { name: 'tradeId', label: 'Trade id', kind: 'text', optional: true },
      { name: 'txId', label: 'Tx id', kind: 'text', optional: true },
      { name: 'reason', label: 'Reason', kind: 'text', optional: true },
    ],
    describe: (b) => `Refund ${b.tradeId ? `trade ${s(b.tradeId)}` : `tx ${s(b.txId)}`}${b.reason ? ` (reason: ${s(b.reason)})` : ''}.`,
    call: (api, body: z.infer<typeof RefundRequest>) => api.refund(body),
  },
  {
    key: 'force',
    title: 'Force',
    schema: ForceTradeRequest,
    fields: [
      { name: 'tokenName', label: 'Token', kind: 'select', options: 'tokens' },
      { name: 'networkBuy', label: 'Buy on', kind: 'select', options: 'networks' },
      { name: 'networkSell', label: 'Sell on', kind: 'select', options: 'networks' },
      { name: 'bridgeName', label: 'Bridge', kind: 'select', options: 'bridges' },
      { name: 'amount', label: 'Amount', kind: 'number' },
    ],
    describe: (b) => `Force a trade of ${s(b.amount)} ${s(b.tokenName)}: buy on ${s(b.networkBuy)}, bridge with ${s(b.bridgeName)}, sell on ${s(b.networkSell)}. It runs whatever the trade mode.`,
    call: (api, body: z.infer<typeof ForceTradeRequest>) => api.forceTrade(body),
  },
  {
    key: 'unlock',
    title: 'Unlock nonce',
    schema: UnlockNonceRequest,
    fields: [
      { name: 'network', label: 'Network', kind: 'select', options: 'networks' },
      { name: 'nonce', label: 'Nonce', kind: 'number' },
    ],
    describe: (b) => `Fill nonce ${s(b.nonce)} of the wallet on ${s(b.network)} with an empty transaction, unlocking the txs queued behind it.`,
    call: (api, body: z.infer<typeof UnlockNonceRequest>) => api.unlockNonce(body),
  },
];

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

/** Field -> first problem, from the contract schema. */
export function problemsOf(spec: OperationSpec, body: Record<string, unknown>): Record<string, string> {
  const parsed = spec.schema.safeParse(body);
  if (parsed.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? spec.fields[0]?.name ?? '');
    problems[field] ??= issue.message;
  }
  return problems;
}
