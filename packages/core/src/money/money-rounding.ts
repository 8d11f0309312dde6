import { AppError } from "../kernel/app-error.js";

/**
 * The one rounding rule of every money calculation in the store (price modifiers, promotion discounts,
 * tax): exact integer division of minor units, rounded **half away from zero** ("commercial rounding":
 * 0.5 → 1, -0.5 → -1, 2.5 → 3). It is done in bigint, so no floating-point error ever reaches a price.
 */
export function divideRounded(numerator: number | bigint, denominator: number | bigint): number {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (d <= 0n) throw new RangeError("divideRounded needs a positive denominator");
  const quotient = n / d;
  const remainder = n % d;
  const abs = remainder < 0n ? -remainder : remainder;
  const rounded = 2n * abs >= d ? quotient + (n < 0n ? -1n : 1n) : quotient;
  return toSafeNumber(rounded);
}

/** Basis points in a whole: 10,000 bps = 100 %. */
export const BPS_SCALE = 10_000;

/** `amount × bps / 10,000`, rounded by the store's rule. */
export function basisPointsOf(amount: number, bps: number): number {
  return divideRounded(BigInt(amount) * BigInt(bps), BPS_SCALE);
}

/** Largest amount a price, modifier or discount may carry, in minor units (10^12). */
export const MAX_MINOR_UNITS = 1_000_000_000_000;

function toSafeNumber(value: bigint): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number))
    throw new AppError("INTERNAL_ERROR", { message: `Amount ${value} is outside the safe integer range` });
  return number;
}
