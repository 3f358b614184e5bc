import { AMOUNT_OUT_SIGNIFICANT_DIGITS, PERCENT_DIFF_DECIMALS } from '../config/constants.ts';

export type ParsedAmount = { ok: true; value: bigint } | { ok: false; error: string };

const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

/**
 * The most base units an amount can be: token amounts are uint256 on-chain, and the §7 quote call
 * takes at most 78 digits. Above this the amount is refused here rather than sent and refused.
 */
export const MAX_BASE_UNITS = 2n ** 256n - 1n;

/**
 * §5: the amount is converted to integer base units by multiplying by 10^decimals.
 * Done on the decimal string with BigInt so that 1.5 with 18 decimals is exactly 1500000000000000000.
 * More decimals than the token has are refused with a message rather than silently dropped.
 */
export function toBaseUnits(amount: string, decimals: number): ParsedAmount {
  const text = amount.trim();
  if (text === '') return { ok: false, error: 'Enter an amount to quote' };
  if (!Number.isInteger(decimals) || decimals < 0) return { ok: false, error: 'The token has no valid decimals' };
  const match = DECIMAL.exec(text);
  if (!match || text === '.') return { ok: false, error: 'Amount must be a number' };
  const whole = match[1] ?? '';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) {
    return { ok: false, error: `Amount has more than ${decimals} decimal places` };
  }
  const digits = `${whole}${fraction.padEnd(decimals, '0')}`.replace(/^0+(?=\d)/, '');
  const value = BigInt(digits === '' ? '0' : digits);
  if (value > MAX_BASE_UNITS) return { ok: false, error: 'Amount is too large' };
  return { ok: true, value };
}

/** Exact decimal string of base units scaled down by decimals ("1500000000000000000", 18 -> "1.5"). */
export function fromBaseUnits(value: bigint | string, decimals: number): string {
  const big = typeof value === 'bigint' ? value : BigInt(value);
  const negative = big < 0n;
  const digits = (negative ? -big : big).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * §2/§9: amount out to 12 significant digits, rounded half up, trailing zeros dropped,
 * computed on the decimal string so large base-unit values keep their digits.
 */
export function toSignificant(decimal: string, digits = AMOUNT_OUT_SIGNIFICANT_DIGITS): string {
  const negative = decimal.startsWith('-');
  const [rawWhole = '0', rawFraction = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  const all = `${rawWhole}${rawFraction}`;
  const firstNonZero = all.search(/[1-9]/);
  if (firstNonZero < 0) return '0';
  const pointAt = rawWhole.length;
  const keepUntil = firstNonZero + digits;
  if (keepUntil >= all.length) return stripZeros(decimal);
  let kept = BigInt(all.slice(0, keepUntil) || '0');
  if (Number(all[keepUntil]) >= 5) kept += 1n;
  let keptDigits = kept.toString().padStart(keepUntil, '0');
  let point = pointAt;
  if (keptDigits.length > keepUntil) point += 1; // rounding carried into a new leading digit
  if (point >= keptDigits.length) keptDigits = keptDigits.padEnd(point, '0');
  const whole = keptDigits.slice(0, point) || '0';
  const fraction = keptDigits.slice(point);
  return `${negative ? '-' : ''}${stripZeros(fraction ? `${whole}.${fraction}` : whole)}`;
}

function stripZeros(decimal: string): string {
  if (!decimal.includes('.')) return decimal.replace(/^(-?)0+(?=\d)/, '$1');
  return decimal.replace(/\.?0+$/, '').replace(/^(-?)0+(?=\d)/, '$1');
}

/**
 * §2: routes other than the best show their difference from the best as a negative percent
 * with 2 decimals ("-0.35%").
 */
export function percentFromBest(best: bigint, other: bigint, decimals = PERCENT_DIFF_DECIMALS): string {
  if (best === 0n) return `${(0).toFixed(decimals)}%`;
  const scale = 10n ** BigInt(decimals + 2);
  const scaled = ((other - best) * scale * 100n) / best; // percent * 10^(decimals+2)
  const percent = Number(scaled) / Number(scale);
  // A route a hair below the best reads -0.00%: still negative, as §2 shows the others.
  return `${percent.toFixed(decimals)}%`;
}
