/**
 * Swap maths of the simulated pools, in integer base units (BigInt) so amounts of 18-decimal tokens
 * are never rounded through doubles (except where a weighted pool needs a fractional power).
 */

export const BPS = 10_000n;

/**
 * Constant product (Uniswap v2 getAmountOut), exact: with the fee taken from the input,
 *   out = in·(10000 − fee)·R_out / (R_in·10000 + in·(10000 − fee)), rounded down.
 * A 30 bps fee is Uniswap v2's 997/1000.
 */
export function getAmountOutV2(amountIn: bigint, reserveIn: bigint, reserveOut: bigint, feeBps: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const amountInWithFee = amountIn * (BPS - feeBps);
  return (amountInWithFee * reserveOut) / (reserveIn * BPS + amountInWithFee);
}

/** Fixed-point scale of a v3 pool's concentration factor. */
export const CONCENTRATION_SCALE = 1000n;

/**
 * Concentrated liquidity (v3-style), approximated as constant product on virtual reserves.
 *
 * A position holding real reserves (x, y) over the price range [P/r, P·r] around the current price
 * P trades like a full-range pool with virtual reserves x_v = L/√P, y_v = L·√P, which are
 * 1 / (1 − 1/√r) times the real ones (r = 1.1, a ±10% range, gives about 21×). So the swap runs
 * the v2 formula on real × concentration, and the output is capped at the real reserve out: once
 * the range is used up there is no liquidity beyond it in this model (a real pool would cross into
 * neighbouring ticks; the simulation gives each range its own pool instead).
 */
export function getAmountOutV3(
  amountIn: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feeBps: bigint,
  concentration: bigint,
): bigint {
  const virtualIn = (reserveIn * concentration) / CONCENTRATION_SCALE;
  const virtualOut = (reserveOut * concentration) / CONCENTRATION_SCALE;
  const out = getAmountOutV2(amountIn, virtualIn, virtualOut, feeBps);
  return out < reserveOut ? out : reserveOut - 1n;
}

/** The concentration factor of a range [P/r, P·r], scaled by CONCENTRATION_SCALE. */
export function concentrationForRange(r: number): bigint {
  const factor = 1 / (1 - 1 / Math.sqrt(r));
  return BigInt(Math.round(factor * Number(CONCENTRATION_SCALE)));
}

const N_COINS = 2n;

/** StableSwap invariant D for two balances normalised to the same decimals (Curve's get_D). */
export function stableInvariant(x0: bigint, x1: bigint, amp: bigint): bigint {
  const sum = x0 + x1;
  if (sum === 0n) return 0n;
  const ann = amp * N_COINS;
  let d = sum;
  for (let i = 0; i < 255; i++) {
    let dP = d;
    dP = (dP * d) / (x0 * N_COINS);
    dP = (dP * d) / (x1 * N_COINS);
    const previous = d;
    d = ((ann * sum + dP * N_COINS) * d) / ((ann - 1n) * d + (N_COINS + 1n) * dP);
    if (d > previous ? d - previous <= 1n : previous - d <= 1n) break;
  }
  return d;
}

/** The other balance that keeps the invariant D when one balance becomes x (Curve's get_y). */
function stableBalanceFor(x: bigint, d: bigint, amp: bigint): bigint {
  const ann = amp * N_COINS;
  let c = (d * d) / (x * N_COINS);
  c = (c * d) / (ann * N_COINS);
  const b = x + d / ann;
  let y = d;
  for (let i = 0; i < 255; i++) {
    const previous = y;
    y = (y * y + c) / (2n * y + b - d);
    if (y > previous ? y - previous <= 1n : previous - y <= 1n) break;
  }
  return y;
}

/**
 * Curve StableSwap (2 coins): balances and amounts normalised to 18 decimals, fee on the output.
 * d is the pool's invariant (cached by the caller until the reserves change).
 */
export function getAmountOutStable(
  amountIn18: bigint,
  balanceIn18: bigint,
  balanceOut18: bigint,
  feeBps: bigint,
  amp: bigint,
  d: bigint,
): bigint {
  if (amountIn18 <= 0n || balanceIn18 <= 0n || balanceOut18 <= 0n) return 0n;
  const y = stableBalanceFor(balanceIn18 + amountIn18, d, amp);
  if (y >= balanceOut18) return 0n;
  const dy = balanceOut18 - y - 1n;
  return dy - (dy * feeBps) / BPS;
}

const ONE_18 = 10n ** 18n;

/**
 * Balancer weighted pool: out = B_out · (1 − (B_in / (B_in + in·(1 − fee)))^(w_in / w_out)).
 * The fractional power is done in doubles via log1p/expm1 (relative error about 1e-15), the rest
 * in BigInt.
 */
export function getAmountOutWeighted(
  amountIn: bigint,
  balanceIn: bigint,
  balanceOut: bigint,
  feeBps: bigint,
  weightIn: number,
  weightOut: number,
): bigint {
  if (amountIn <= 0n || balanceIn <= 0n || balanceOut <= 0n) return 0n;
  const inAfterFee = (amountIn * (BPS - feeBps)) / BPS;
  // share = in / (B_in + in), as a double from an 18-decimal fixed-point ratio
  const share = Number((inAfterFee * ONE_18) / (balanceIn + inAfterFee)) / 1e18;
  const taken = -Math.expm1((weightIn / weightOut) * Math.log1p(-share));
  if (!(taken > 0)) return 0n;
  const takenFixed = BigInt(Math.floor(Math.min(taken, 1) * 1e18));
  return (balanceOut * takenFixed) / ONE_18;
}

/** Scale an amount between decimals (down-scaling rounds down). */
export function rescale(amount: bigint, fromDecimals: number, toDecimals: number): bigint {
  if (fromDecimals === toDecimals) return amount;
  return fromDecimals < toDecimals
    ? amount * 10n ** BigInt(toDecimals - fromDecimals)
    : amount / 10n ** BigInt(fromDecimals - toDecimals);
}

/** A float token amount (from USD values) as base units; exactness does not matter for generation. */
export function unitsFromFloat(amount: number, decimals: number): bigint {
  if (!(amount > 0) || !Number.isFinite(amount)) return 0n;
  const exponent = Math.floor(Math.log10(amount));
  // 15 significant digits of the float, shifted into the token's decimals.
  const shift = 14 - exponent;
  const mantissa = BigInt(Math.round(amount * 10 ** shift));
  const power = decimals - shift;
  return power >= 0 ? mantissa * 10n ** BigInt(power) : mantissa / 10n ** BigInt(-power);
}
