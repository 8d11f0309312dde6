import { formatMoney, MAX_MINOR_UNITS, minorToInput, parseMoney } from "./money.js";

/** How a modifier changes a price. */
export type ModifierKind = "percentage" | "fixed";

/** The server's bounds of a percentage modifier, in basis points (-100 % to +1,000 %). */
export const PERCENTAGE_BOUNDS = { min: -10_000, max: 100_000 } as const;

/** A signed percentage typed by the user ("-12.5") as basis points; null when it is not one with at most 2 decimals. */
export function percentToBps(text: string): number | null {
  const match = /^([+-]?)(\d+)(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = "", fraction = ""] = match;
  const bps = Number(whole + fraction.padEnd(2, "0"));
  return sign === "-" ? -bps : bps;
}

/** A signed amount typed by the user ("-2.50") as minor units of `currency`; null when it is not one. */
export function signedMoneyToMinor(text: string, currency: string): number | null {
  const trimmed = text.trim();
  const isNegative = trimmed.startsWith("-");
  const minor = parseMoney(trimmed.replace(/^[+-]/, ""), currency);
  if (minor === null) return null;
  return isNegative ? -minor : minor;
}

/** The modifier's value as its form field shows it: a percentage, or an amount in major units. */
export function valueToInput(kind: ModifierKind, value: number, currency: string | null): string {
  if (kind === "percentage") return String(value / 100);
  const sign = value < 0 ? "-" : "";
  return sign + minorToInput(Math.abs(value), currency ?? "EUR");
}

/** Why the value field is wrong, by the server's rules; null when it is right. */
export function modifierValueError(kind: ModifierKind, text: string, currency: string): string | null {
  if (!text.trim()) return "Enter a change";
  if (kind === "percentage") {
    const bps = percentToBps(text);
    if (bps === null) return "A percentage with at most 2 decimals, such as -10 or 12.5";
    return bps < PERCENTAGE_BOUNDS.min || bps > PERCENTAGE_BOUNDS.max ? "Between -100 % and 1,000 %" : null;
  }
  const minor = signedMoneyToMinor(text, currency || "EUR");
  if (minor === null) return "A signed amount, such as -2.50";
  return Math.abs(minor) > MAX_MINOR_UNITS ? "The amount is too large" : null;
}

/** "-10 %", "+€2.00": a modifier's change in words. */
export function describeModifierValue(kind: ModifierKind, value: number, currency: string | null): string {
  const sign = value > 0 ? "+" : value < 0 ? "−" : "";
  if (kind === "percentage") return `${sign}${Math.abs(value) / 100}\u00a0%`;
  return `${sign}${formatMoney(Math.abs(value), currency ?? "EUR")}`;
}
