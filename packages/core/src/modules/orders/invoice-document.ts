import type { SettingsGroups } from "../../kernel/settings-groups.js";
import type { IssuedInvoice } from "./invoice-number.js";
import type { Order } from "./orders-context.js";

/** The store's identity as `settings.branding` holds it; any field may be unset. */
export type Seller = Partial<SettingsGroups["branding"]>;

/** Tax of one rate across the order's lines. */
export interface TaxLine {
  rateBps: number;
  /** The discounted amount taxed at this rate. */
  base: number;
  tax: number;
}

/**
 * Everything an invoice, its HTML twin and the receipt print, computed once so the three say the same.
 * Amounts stay in minor units; `money` formats them in the store's locale and the order's currency.
 */
export interface InvoiceDocument {
  invoice: IssuedInvoice;
  order: Order;
  seller: Seller;
  taxLines: readonly TaxLine[];
  locale: string;
  /** `1234` → `"€12.34"` (or `"12,34 €"` in `de-DE`). */
  money(minorUnits: number): string;
  /** The issue date in the store's time zone and locale. */
  issuedOn: string;
}

const DEFAULT_LOCALE = "en-US";

/**
 * The tax per rate, lowest rate first; a line's tax base is what it costs after its discount share, a
 * shipping method's its net price.
 */
export function taxLinesOf(order: Order): TaxLine[] {
  const byRate = new Map<number, TaxLine>();
  for (const line of order.lines) {
    const entry = byRate.get(line.taxRateBps) ?? { rateBps: line.taxRateBps, base: 0, tax: 0 };
    // Tax-inclusive prices carry their tax: the base is what remains once it is taken out.
    entry.base += line.subtotal - line.discount - (order.isTaxInclusive ? line.tax : 0);
    entry.tax += line.tax;
    byRate.set(line.taxRateBps, entry);
  }
  // Shipping is taxed at its method's rate, on its net price, like a line.
  for (const method of order.shippingMethods) {
    const entry = byRate.get(method.taxRateBps) ?? { rateBps: method.taxRateBps, base: 0, tax: 0 };
    entry.base += method.net;
    entry.tax += method.tax;
    byRate.set(method.taxRateBps, entry);
  }
  return [...byRate.values()].sort((a, b) => a.rateBps - b.rateBps);
}

/** `2000` → `"20%"`, `550` → `"5.5%"`, in the store's locale. */
export const formatRate = (rateBps: number, locale: string): string =>
  new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(rateBps / 10_000);

/** Assembles an invoice's data from the order, its number and the store's settings. */
export function buildInvoiceDocument(input: {
  order: Order;
  invoice: IssuedInvoice;
  branding: Seller;
  locale: string | undefined;
  timezone: string | undefined;
}): InvoiceDocument {
  const { order, invoice, branding } = input;
  const locale = input.locale ?? DEFAULT_LOCALE;
  const currency = new Intl.NumberFormat(locale, { style: "currency", currency: order.currency });
  // The currency's own number of decimals (2 for EUR, 0 for JPY, 3 for KWD) turns minor units into units.
  const scale = 10 ** (currency.resolvedOptions().maximumFractionDigits ?? 2);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: input.timezone ?? "UTC" });
  return {
    invoice,
    order,
    seller: branding,
    taxLines: taxLinesOf(order),
    locale,
    money: (minorUnits) => currency.format(minorUnits / scale),
    issuedOn: day.format(invoice.issuedAt),
  };
}

/**
 * The shipping row of an invoice or a receipt: what shipping adds before the tax rows (its net price when
 * prices exclude tax, its gross when they include it), so the rows add up to the total; 0 for none.
 */
export const shippingRowAmount = (order: Order): number =>
  order.isTaxInclusive ? order.shippingTotal : order.shippingTotal - order.shippingTaxTotal;
