/**
 * One transaction history entry (§2 popup, §3 keys) in words: its key read as a step ("Buy, attempt
 * 1, Swap, via lp"), and its fields as labelled values (statuses, amounts, times in the chosen zone,
 * error codes with their §8 message), never as raw JSON.
 */
import { parseTxHistoryKey } from '../../domain/keys.ts';
import { tradeErrorMessage } from '../../config/errorCodes.ts';
import { formatAmount, formatNumber } from '../../domain/numberFormat.ts';
import { txAmountUnit } from '../../domain/amountUnits.ts';

export interface HistoryDetail {
  label: string;
  text: string;
  /** How the value is shown: a hash links to the explorer, a status is a chip. */
  kind: 'text' | 'hash' | 'status' | 'time';
}

/** The fields a history entry usually carries (GET /txs/{id}), in the order an operator reads them. */
const KNOWN: readonly { field: string; label: string }[] = [
  { field: 'status', label: 'Status' },
  { field: 'network', label: 'Network' },
  { field: 'createdAt', label: 'Created' },
  { field: 'updatedAt', label: 'Updated' },
  { field: 'amountIn', label: 'Amount in' },
  { field: 'amountOut', label: 'Amount out' },
  { field: 'hash', label: 'Hash' },
  { field: 'errCode', label: 'Error' },
  { field: 'errorCode', label: 'Error' },
  { field: 'code', label: 'Error' },
  { field: 'id', label: 'Transaction' },
];

/** "gasPriceGwei" -> "Gas price gwei": a field the console does not know, labelled from its name. */
export function labelOf(field: string): string {
  const words = field.replace(/[_-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words === '' ? field : `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}`;
}

/** A value in words: numbers formatted, yes/no, lists and objects as "label value" parts. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).map(([k, v]) => `${labelOf(k)} ${valueText(v)}`).join(', ');
  }
  return String(value);
}

const isTimeField = (field: string) => /(At|Time|time)$/.test(field);

/** An error code in words: its §8 message and the code; a code that is not a number as it came. */
export function errorWords(code: unknown): string {
  if (typeof code === 'number') return `${tradeErrorMessage(code)} (error code ${code})`;
  return `error ${valueText(code)}`;
}

/** The step a §3 key names, in words: "buy:lp:1:Swap" -> "Buy, attempt 1, Swap, via lp"; another key as it is. */
export function stepWords(key: string): string {
  const parts = parseTxHistoryKey(key);
  if (!parts) return key;
  const side = parts.side === '' ? '' : `${parts.side[0]?.toUpperCase() ?? ''}${parts.side.slice(1)}`;
  return [side, `attempt ${parts.attempt}`, parts.txType, parts.method === '' ? undefined : `via ${parts.method}`].filter((p) => p !== undefined && p !== '').join(', ');
}

/** What an entry's amounts are counted in is read from its step: its key's tx type, the tx's token and network. */
export interface HistoryEntryContext {
  key?: string;
  tokenName?: string;
  network?: string;
}

/**
 * The labelled fields of an entry: the known ones in order, then the others by their names; times
 * formatted by `formatTime` (the chosen zone), amounts with their unit where `context` names it.
 * An entry that is not an object is one "Value".
 */
export function historyDetails(value: unknown, formatTime: (ms: number) => string, context: HistoryEntryContext = {}): HistoryDetail[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [{ label: 'Value', text: valueText(value), kind: 'text' }];
  const record = value as Record<string, unknown>;
  // The entry's own fields first: a backend may write them on each entry.
  const step = {
    txType: record.txType ?? (context.key === undefined ? undefined : parseTxHistoryKey(context.key)?.txType),
    tokenName: record.tokenName ?? context.tokenName,
    network: record.network ?? context.network,
  };
  const details: HistoryDetail[] = [];
  const seen = new Set<string>();
  const add = (field: string, label: string) => {
    seen.add(field);
    const v = record[field];
    if (v === undefined || v === null || v === '') return;
    if (field === 'status') details.push({ label, text: valueText(v), kind: 'status' });
    else if (field === 'hash' && typeof v === 'string') details.push({ label, text: v, kind: 'hash' });
    else if (field === 'errCode' || field === 'errorCode' || field === 'code') details.push({ label, text: errorWords(v), kind: 'text' });
    else if (isTimeField(field) && typeof v === 'number' && Number.isFinite(v)) details.push({ label, text: formatTime(v), kind: 'time' });
    else if ((field === 'amountIn' || field === 'amountOut') && typeof v === 'number') details.push({ label, text: formatAmount(v, txAmountUnit(step, field === 'amountIn' ? 'in' : 'out')), kind: 'text' });
    else details.push({ label, text: valueText(v), kind: 'text' });
  };
  for (const { field, label } of KNOWN) if (field in record) add(field, label);
  for (const field of Object.keys(record)) if (!seen.has(field)) add(field, labelOf(field));
  return details;
}
