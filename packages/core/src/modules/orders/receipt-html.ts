import { escapeHtml as e } from "./escape-html.js";
import { formatRate, shippingRowAmount, type InvoiceDocument } from "./invoice-document.js";
import { sellerLines } from "./invoice-html.js";

/**
 * A till receipt: one narrow column sized for 80 mm thermal printers (72 mm printable), monospace, no
 * image, so it prints the same from any browser. Every value is escaped.
 */
export function renderReceiptHtml(document: InvoiceDocument): string {
  const { order, seller, invoice, money, locale } = document;
  const storeName = seller.storeName ?? seller.legalName ?? "Receipt";
  const row = (label: string, amount: string) => `<tr><td>${e(label)}</td><td class="n">${e(amount)}</td></tr>`;
  const lines = order.lines
    .map(
      (line) =>
        `${row(`${line.quantity} × ${line.title}`, money(line.subtotal))}${line.discount > 0 ? row("  discount", money(-line.discount)) : ""}`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="${e(locale)}">
<head>
<meta charset="utf-8">
<title>Receipt ${e(order.number)}</title>
<style>
@page{size:80mm auto;margin:4mm}
body{font-family:ui-monospace,monospace;font-size:12px;width:72mm;margin:0 auto;color:#000}
h1{font-size:14px;text-align:center;margin:0}p{text-align:center;margin:.3em 0}
table{width:100%;border-collapse:collapse}td{padding:1px 0;vertical-align:top}.n{text-align:right;white-space:nowrap}
.total td{font-weight:bold;border-top:1px dashed #000}
</style>
</head>
<body>
<h1>${e(storeName)}</h1>
<p>${sellerLines(seller).map(e).join("<br>")}</p>
<p>${e(invoice.number)}<br>${e(order.number)} · ${e(document.issuedOn)}</p>
<table>
${lines}
${row("Subtotal", money(order.subtotal))}
${order.discountTotal > 0 ? row("Discounts", money(-order.discountTotal)) : ""}
${order.shippingTotal > 0 ? row("Shipping", money(shippingRowAmount(order))) : ""}
${document.taxLines.map((tax) => row(`Tax ${formatRate(tax.rateBps, locale)}`, money(tax.tax))).join("\n")}
<tr class="total"><td>TOTAL</td><td class="n">${e(money(order.total))}</td></tr>
</table>
${seller.receiptFooter ? `<p>${e(seller.receiptFooter)}</p>` : ""}
</body>
</html>
`;
}
