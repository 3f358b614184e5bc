/**
 * The address of /tx/new opened on one operation with its fields typed in (§7 operations, one
 * click from a stuck or failed trade): `/tx/new?op=refund&tradeId=…&reason=…`. Said here once, so the
 * screen that links (a trade's page) and the screen that reads it (/tx/new) agree without importing
 * each other. The operator still reads the form and confirms; nothing is sent by opening it.
 */

export const TX_NEW_PATH = '/tx/new';
/** The parameter naming the operation; the others are its fields by their body names (RefundRequest's tradeId...). */
export const OPERATION_PARAM = 'op';

/** The operations a link may open: refund, force, unlock-nonce, manual, and editing a sell (PUT /txs/sell/{tradeId}). */
export const LINKED_OPERATIONS = ['refund', 'force', 'unlock', 'manual', 'sellEdit'] as const;
export type LinkedOperation = (typeof LINKED_OPERATIONS)[number];

/** The longest value taken from an address: the longest field any operation has (a refund's reason). */
const VALUE_MAX_CHARS = 500;

export type PrefillFields = Readonly<Record<string, string | number | undefined>>;

/** The address opening `op` with `fields` typed in; empty fields are left out. */
export function txNewLink(op: LinkedOperation, fields: PrefillFields = {}): string {
  const params = new URLSearchParams({ [OPERATION_PARAM]: op });
  for (const [name, value] of Object.entries(fields)) {
    if (name === OPERATION_PARAM || value === undefined || value === '') continue;
    params.set(name, String(value));
  }
  return `${TX_NEW_PATH}?${params.toString()}`;
}

export interface Prefill {
  op: LinkedOperation;
  /** Every other parameter, as text; the form takes those that are its fields. */
  values: Record<string, string>;
}

/** The operation and values an address asks for; null when it names no operation (a plain /tx/new). */
export function prefillOf(params: URLSearchParams): Prefill | null {
  const op = LINKED_OPERATIONS.find((known) => known === params.get(OPERATION_PARAM));
  if (op === undefined) return null;
  const values: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name !== OPERATION_PARAM && value !== '') values[name] = value.slice(0, VALUE_MAX_CHARS);
  }
  return { op, values };
}
