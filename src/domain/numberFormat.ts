/**
 * The one place a number becomes text for the console (tests/architecture/numberFormat.test.ts
 * keeps it so). Every kind of figure has one format on every screen, always with en-US grouping
 * ("1,234.56") whatever the browser's locale: operators compare screenshots and reports across
 * desks, and "1.192,6" beside "1,192.6" reads as two different amounts.
 *
 * Exact decimal strings that must keep every digit (a quote's amounts, domain/amounts.ts) are not
 * numbers and do not come here.
 */

const EN = 'en-US';

/** Token amounts: trailing zeros kept to 2 places so a column's figures line up ("1,192.60"), at most 6. */
const amountFormat = new Intl.NumberFormat(EN, { minimumFractionDigits: 2, maximumFractionDigits: 6 });
/** Below TINY a fixed number of places would read "0.00": significant digits instead ("0.0000042"). */
const tinyFormat = new Intl.NumberFormat(EN, { maximumSignificantDigits: 3 });
const TINY = 0.01;

const numberFormat = new Intl.NumberFormat(EN, { maximumFractionDigits: 6 });

/** Gas prices: at most 4 places; past that a gwei price is noise. */
const gasFormat = new Intl.NumberFormat(EN, { maximumFractionDigits: 4 });

const usdFormat = new Intl.NumberFormat(EN, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Profits read with their sign ("+$0.28", "-$1.20"), zero without one. */
const usdChangeFormat = new Intl.NumberFormat(EN, { style: 'currency', currency: 'USD', signDisplay: 'exceptZero', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A chart axis has room for "$1.2K", not "$1,234.56". */
const usdCompactFormat = new Intl.NumberFormat(EN, { style: 'currency', currency: 'USD', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });

const countFormat = new Intl.NumberFormat(EN, { maximumFractionDigits: 0 });
/** Exact under a thousand, where it matters; "12K", "317.4K", "1.2M" above. */
const compactCountFormat = new Intl.NumberFormat(EN, { notation: 'compact', maximumFractionDigits: 1 });

/** Rates as a percent with one decimal ("97.2%"): enough to tell 99.9% from 100.0%. */
const percentFormat = new Intl.NumberFormat(EN, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

const secondsFormat = new Intl.NumberFormat(EN, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A figure that is not finite (NaN, Infinity) as it is: formatting would hide that the data is wrong. */
const finiteOr = (value: number, text: (v: number) => string): string => (Number.isFinite(value) ? text(value) : String(value));

const withUnit = (text: string, unit: string | undefined): string => (unit === undefined || unit === '' ? text : `${text} ${unit}`);

/** A token amount: "1,192.60", "0.000123", "0.0000042"; with its symbol when the caller knows it ("1,192.60 USDC"). */
export function formatAmount(value: number, symbol?: string): string {
  return withUnit(
    finiteOr(value, (v) => (v !== 0 && Math.abs(v) < TINY ? tinyFormat.format(v) : amountFormat.format(v))),
    symbol,
  );
}

/** Dollars: "$1,234.56". */
export const formatUsd = (value: number): string => finiteOr(value, (v) => usdFormat.format(v));

/** A change in dollars (a profit): "+$0.28", "-$1.20", "$0.00". */
export const formatUsdChange = (value: number): string => finiteOr(value, (v) => usdChangeFormat.format(v));

/** Dollars on a chart axis: "$950", "$1.2K". */
export const formatUsdCompact = (value: number): string => finiteOr(value, (v) => usdCompactFormat.format(v));

/** A count of things: "100,000". */
export const formatCount = (n: number): string => finiteOr(n, (v) => countFormat.format(v));

/** A count where room is short: "950", "317.4K", "1.2M". */
export const formatCountCompact = (n: number): string => finiteOr(n, (v) => compactCountFormat.format(v));

/** A rate from 0 to 1 as a percent: "97.2%"; none yet as "–". */
export const formatPercent = (rate: number | null): string => (rate === null ? '–' : finiteOr(rate, (v) => percentFormat.format(v)));

/** A gas price's figure: "25.1234", "0.00123" (the unit is the caller's: domain/gasUnit.ts). */
export const formatGas = (value: number): string => finiteOr(value, (v) => (v !== 0 && Math.abs(v) < TINY ? tinyFormat.format(v) : gasFormat.format(v)));

/** A duration in seconds with one decimal: "2.5 s". */
export const formatSeconds = (ms: number): string => finiteOr(ms, (v) => `${secondsFormat.format(v / 1000)} s`);

/**
 * A figure of no known kind (a field a backend added, a chart given no format): grouped, as many
 * places as an amount at most, none added ("7", "1,234.5", "1.234568").
 */
export const formatNumber = (value: number): string => finiteOr(value, (v) => (v !== 0 && Math.abs(v) < TINY ? tinyFormat.format(v) : numberFormat.format(v)));
