/** The bridge form's values and the body they make (contract BridgeBody). */
import { NATIVE_COINS } from '../../config/networks.ts';
import type { Bridge, BridgeBody } from '../../contract/index.ts';

export const FEE_CURRENCIES = ['USD', ...NATIVE_COINS] as const;

export interface BridgeValues {
  bridgeName: string;
  kind: string;
  networks: string[];
  tokens: string[];
  enabled: boolean;
  feeAmount: string;
  feeCurrency: string;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function valuesOf(bridge: Bridge | undefined): BridgeValues {
  const fee = bridge?.fee as { amount?: unknown; currency?: unknown } | undefined;
  return {
    bridgeName: bridge?.bridgeName ?? '',
    kind: bridge?.kind ?? '',
    networks: strings(bridge?.networks),
    tokens: strings(bridge?.tokens),
    enabled: bridge?.enabled !== false,
    feeAmount: typeof fee?.amount === 'number' ? String(fee.amount) : '',
    feeCurrency: typeof fee?.currency === 'string' ? fee.currency : 'USD',
  };
}

export function feeProblem(amount: string): string | null {
  if (amount.trim() === '') return null;
  const n = Number(amount);
  return Number.isFinite(n) && n >= 0 ? null : 'a number, 0 or more';
}

/** Fields the form does not edit (kept by the server) travel back unchanged. */
export function bodyOf(values: BridgeValues, base: Bridge | undefined): BridgeBody {
  const { id: _raId, version: _version, fee: _fee, ...rest } = (base ?? {}) as Record<string, unknown>;
  const body: Record<string, unknown> = {
    ...rest,
    bridgeName: values.bridgeName,
    kind: values.kind,
    networks: values.networks,
    tokens: values.tokens,
    enabled: values.enabled,
  };
  if (values.feeAmount.trim() !== '') body.fee = { amount: Number(values.feeAmount), currency: values.feeCurrency };
  return body as BridgeBody;
}
