/** The server's bound on an amount in minor units (`MAX_MINOR_UNITS`, 10^12). */
export const MAX_MINOR_UNITS = 1_000_000_000_000;

/** The server's rule for a currency: ISO 4217, upper case. */
export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

/** Digits after the decimal point in `currency` (2 for EUR, 0 for JPY, 3 for KWD); 2 for a code Intl does not know. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** `amount` minor units of `currency` as the reader's locale writes money ("€12.50"). */
export function formatMoney(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  const major = amount / 10 ** digits;
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(major);
  } catch {
    return `${major.toFixed(digits)} ${currency}`;
  }
}

/** Minor units as the amount field shows them ("12.50"). */
export function minorToInput(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  return digits === 0 ? String(amount) : (amount / 10 ** digits).toFixed(digits);
}

/**
 * An amount typed in major units ("12.5", "12,50") as minor units of `currency`, by string arithmetic so
 * no float rounding creeps in; null when it is not a non-negative amount with at most the currency's digits.
 */
export function parseMoney(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > digits) return null;
  return Number(whole + fraction.padEnd(digits, "0"));
}

/** Why an amount field is wrong, by the server's rules (a non-negative integer of minor units, at most 10^12). */
export function amountError(text: string, currency: string): string | null {
  if (!text.trim()) return "Enter an amount";
  const minor = parseMoney(text, currency);
  if (minor === null) {
    const digits = minorDigits(currency);
    return digits === 0 ? "A whole amount, without decimals" : `An amount with at most ${digits} decimals`;
  }
  return minor > MAX_MINOR_UNITS ? "The amount is too large" : null;
}
