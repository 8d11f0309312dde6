import PDFDocument from "pdfkit";
import { formatRate, shippingRowAmount, type InvoiceDocument } from "./invoice-document.js";
import { buyerLines, sellerLines } from "./invoice-html.js";

const PAGE_MARGIN = 50;
const COLUMNS = { item: 50, quantity: 300, unitPrice: 340, tax: 420, total: 470 } as const;
const TOTAL_WIDTH = 75;

// The standard PDF fonts encode WinAnsi only. Locales such as fr-FR group digits with a narrow
// no-break space (U+202F), which WinAnsi lacks; the plain no-break space prints the same.
const printable = (text: string): string => text.replace(/\u202f/g, "\u00a0");

/**
 * The invoice as a PDF (A4, the built-in Helvetica, so no font file ships with core), from the same
 * `InvoiceDocument` as the HTML invoice. Resolves once pdfkit has written the whole file.
 */
export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const { order, seller, invoice, money, locale } = document;
  const pdf = new PDFDocument({
    size: "A4",
    margin: PAGE_MARGIN,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: seller.legalName ?? seller.storeName ?? "",
      Subject: `Order ${order.number}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    pdf.text(printable(value), x, y, options);
  const amount = (value: string, y: number) => text(value, COLUMNS.total, y, { width: TOTAL_WIDTH, align: "right" });

  pdf.font("Helvetica-Bold").fontSize(18);
  text(seller.storeName ?? seller.legalName ?? "Invoice", PAGE_MARGIN, PAGE_MARGIN);
  pdf.font("Helvetica").fontSize(10);
  text(`Invoice ${invoice.number}`, 350, PAGE_MARGIN, { width: 195, align: "right" });
  text(`Order ${order.number}`, 350, PAGE_MARGIN + 14, { width: 195, align: "right" });
  text(document.issuedOn, 350, PAGE_MARGIN + 28, { width: 195, align: "right" });

  const partiesTop = 110;
  pdf.font("Helvetica-Bold");
  text("Seller", PAGE_MARGIN, partiesTop);
  text("Bill to", 320, partiesTop);
  pdf.font("Helvetica");
  text(sellerLines(seller).join("\n"), PAGE_MARGIN, partiesTop + 14, { width: 240 });
  text(buyerLines(document).join("\n"), 320, partiesTop + 14, { width: 225 });

  let y = 230;
  pdf.font("Helvetica-Bold");
  text("Item", COLUMNS.item, y);
  text("Qty", COLUMNS.quantity, y, { width: 30, align: "right" });
  text("Unit price", COLUMNS.unitPrice, y, { width: 70, align: "right" });
  text("Tax", COLUMNS.tax, y, { width: 40, align: "right" });
  amount("Total", y);
  pdf.font("Helvetica");
  y += 18;
  for (const line of order.lines) {
    if (y > 740) {
      pdf.addPage();
      y = PAGE_MARGIN;
    }
    const title = line.discount > 0 ? `${line.title}\nDiscount ${money(-line.discount)}` : line.title;
    text(title, COLUMNS.item, y, { width: 240 });
    const height = pdf.heightOfString(printable(title), { width: 240 });
    text(String(line.quantity), COLUMNS.quantity, y, { width: 30, align: "right" });
    text(money(line.unitPrice), COLUMNS.unitPrice, y, { width: 70, align: "right" });
    text(formatRate(line.taxRateBps, locale), COLUMNS.tax, y, { width: 40, align: "right" });
    amount(money(line.total), y);
    y += Math.max(height, 14) + 6;
  }

  y += 10;
  const total = (label: string, value: string) => {
    text(label, 300, y, { width: 165 });
    amount(value, y);
    y += 16;
  };
  total("Subtotal", money(order.subtotal));
  if (order.discountTotal > 0) total("Discounts", money(-order.discountTotal));
  if (order.shippingTotal > 0) total("Shipping", money(shippingRowAmount(order)));
  for (const tax of document.taxLines)
    total(`Tax ${formatRate(tax.rateBps, locale)} on ${money(tax.base)}`, money(tax.tax));
  pdf.font("Helvetica-Bold");
  total(order.isTaxInclusive ? "Total (tax included)" : "Total", money(order.total));
  pdf.font("Helvetica");
  if (seller.receiptFooter) text(seller.receiptFooter, PAGE_MARGIN, y + 20, { width: 495 });
  pdf.end();
  return done;
}
