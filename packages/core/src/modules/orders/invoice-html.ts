import { escapeHtml as e } from "./escape-html.js";
import { formatRate, shippingRowAmount, type InvoiceDocument, type Seller } from "./invoice-document.js";

const addressLines = (address: {
  line1: string;
  line2?: string | undefined;
  city: string;
  state?: string | undefined;
  postalCode: string;
  country: string;
}): string[] =>
  [
    address.line1,
    address.line2,
    [address.postalCode, address.city, address.state].filter(Boolean).join(" "),
    address.country,
  ].filter((line): line is string => Boolean(line));

/** The seller block's lines, shared with the receipt: name, legal name, address, tax id, contact. */
export function sellerLines(seller: Seller): string[] {
  return [
    seller.legalName && seller.legalName !== seller.storeName ? seller.legalName : undefined,
    ...(seller.address ? addressLines(seller.address) : []),
    seller.taxId ? `Tax ID: ${seller.taxId}` : undefined,
    seller.email,
    seller.phone,
  ].filter((line): line is string => Boolean(line));
}

/** The buyer block's lines: the customer and the shipping address, when the order has them. */
export function buyerLines(document: InvoiceDocument): string[] {
  const { order } = document;
  return [
    order.customerId ? `Customer: ${order.customerId}` : "Guest customer",
    ...(order.shippingAddress ? addressLines(order.shippingAddress) : []),
  ];
}

const paragraph = (lines: readonly string[]): string => lines.map(e).join("<br>");

/**
 * The invoice as a standalone HTML page (inline styles, no external resource, so it prints and
 * archives as it is). Every value is escaped.
 */
export function renderInvoiceHtml(document: InvoiceDocument): string {
  const { order, seller, invoice, money, locale } = document;
  const storeName = seller.storeName ?? seller.legalName ?? "Invoice";
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td>${e(line.title)}${line.sku ? `<br><small>${e(line.sku)}</small>` : ""}</td><td class="n">${line.quantity}</td><td class="n">${e(money(line.unitPrice))}</td><td class="n">${line.discount > 0 ? e(money(-line.discount)) : ""}</td><td class="n">${e(formatRate(line.taxRateBps, locale))}</td><td class="n">${e(money(line.total))}</td></tr>`,
    )
    .join("\n");
  const taxes = document.taxLines
    .map(
      (tax) =>
        `<tr><td>Tax ${e(formatRate(tax.rateBps, locale))} on ${e(money(tax.base))}</td><td class="n">${e(money(tax.tax))}</td></tr>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="${e(locale)}">
<head>
<meta charset="utf-8">
<title>Invoice ${e(invoice.number)}</title>
<style>
body{font-family:system-ui,sans-serif;color:#222;max-width:800px;margin:2rem auto;padding:0 1rem}
h1{margin:0 0 .25rem}table{width:100%;border-collapse:collapse;margin-top:1rem}
th,td{padding:.4rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}.n{text-align:right;white-space:nowrap}
.parties{display:flex;justify-content:space-between;gap:2rem;margin-top:1.5rem}.totals{width:50%;margin-left:auto}
.grand td{font-weight:bold;border-top:2px solid #222}
</style>
</head>
<body>
<header>
<h1>${e(storeName)}</h1>
<p>Invoice <strong>${e(invoice.number)}</strong> · ${e(document.issuedOn)}<br>Order ${e(order.number)}</p>
</header>
<section class="parties">
<div><h2>Seller</h2><p>${paragraph([storeName, ...sellerLines(seller)])}</p></div>
<div><h2>Bill to</h2><p>${paragraph(buyerLines(document))}</p></div>
</section>
<table>
<thead><tr><th>Item</th><th class="n">Qty</th><th class="n">Unit price</th><th class="n">Discount</th><th class="n">Tax rate</th><th class="n">Total</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<table class="totals">
<tr><td>Subtotal</td><td class="n">${e(money(order.subtotal))}</td></tr>
${order.discountTotal > 0 ? `<tr><td>Discounts${order.promotionCodes.length > 0 ? ` (${e(order.promotionCodes.join(", "))})` : ""}</td><td class="n">${e(money(-order.discountTotal))}</td></tr>` : ""}
${order.shippingTotal > 0 ? `<tr><td>Shipping${order.shippingMethods.length > 0 ? ` (${e(order.shippingMethods.map((method) => method.name).join(", "))})` : ""}</td><td class="n">${e(money(shippingRowAmount(order)))}</td></tr>` : ""}
${taxes}
<tr class="grand"><td>Total${order.isTaxInclusive ? " (tax included)" : ""}</td><td class="n">${e(money(order.total))}</td></tr>
</table>
${seller.receiptFooter ? `<footer><p>${e(seller.receiptFooter)}</p></footer>` : ""}
</body>
</html>
`;
}
