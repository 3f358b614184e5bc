/** The bridge form's values and the body they make (contract BridgeBody). */
import { NATIVE_COINS } from '../config/networks.ts';
import type { Bridge, BridgeBody } from '../contract/index.ts';
import { recordNameProblem } from './recordName.ts';

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

type FormFields = Readonly<Record<string, unknown>>;

/** The form's values (react-admin inputs: an emptied text input may be null) as the rules read them. */
export function formValues(values: FormFields): BridgeValues {
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  return {
    bridgeName: text(values.bridgeName).trim(),
    kind: text(values.kind),
    networks: strings(values.networks),
    tokens: strings(values.tokens),
    enabled: values.enabled !== false,
    feeAmount: text(values.feeAmount),
    feeCurrency: text(values.feeCurrency) || 'USD',
  };
}

/** The form's problems by field: a valid name when creating, a kind, a fee of 0 or more if any. */
export function bridgeFormErrors(values: FormFields, creating: boolean): Record<string, string> {
  const v = formValues(values);
  const errors: Record<string, string> = {};
  const name = creating ? recordNameProblem(v.bridgeName) : null;
  if (name) errors.bridgeName = name;
  if (v.kind === '') errors.kind = 'required';
  const fee = feeProblem(v.feeAmount);
  if (fee) errors.feeAmount = fee;
  return errors;
}
