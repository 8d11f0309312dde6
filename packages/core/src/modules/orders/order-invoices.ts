import type { ServiceContext } from "../../kernel/contexts.js";
import { accountableActor, type Actor } from "../../kernel/actor.js";
import { AppError, isAppError } from "../../kernel/app-error.js";
import { hasPermission } from "../../kernel/permissions.js";
import { recordInvoiceEmailRequest } from "./invoice-email-requests.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import { isUuid } from "../../db/is-uuid.js";
import { buildInvoiceDocument, type InvoiceDocument } from "./invoice-document.js";
import { issueInvoiceNumber } from "./invoice-number.js";
import { renderInvoicePdf } from "./invoice-pdf.js";
import { createLogMailer } from "./mailer.js";
import { yearIn } from "./order-number.js";

/** The task that mails an invoice; see `requestInvoiceEmail`. */
export const EMAIL_INVOICE_TASK = "orders/email-invoice";

/** Who receives an e-mailed invoice. */
export interface EmailInvoiceInput {
  /**
   * The recipient. Another address than the order's customer's needs `orders:update`.
   * @default the e-mail of the order's customer profile
   */
  to?: string | undefined;
}

/** Sending an invoice anywhere but to the order's customer is changing what happens to the order. */
export const INVOICE_ANY_RECIPIENT_PERMISSION = "orders:update";

/**
 * Invoices: the fiscal number (issued once, gapless), the document the PDF, HTML invoice and receipt
 * print, and its delivery by mail through a job.
 */
export function createOrderInvoices({
  database,
  services,
  config,
  logger,
}: Pick<ServiceContext, "database" | "services" | "config" | "logger">) {
  const mailer = config.mail?.mailer ?? createLogMailer(logger);

  /** The e-mail of the order's customer profile; null for a guest, or a customer without a profile or an address. */
  const customerEmailOf = async (
    organizationId: string,
    customerId: string | null,
    options: TxOptions,
  ): Promise<string | null> => {
    if (customerId === null) return null;
    try {
      return (await services.customers.get(organizationId, customerId, options)).email;
    } catch (error) {
      if (isAppError(error) && error.code === "NOT_FOUND") return null;
      throw error;
    }
  };

  /**
   * The invoice of an order by UUID or number: its number is issued in this transaction the first time,
   * and read back ever after. 404 for another organization's order.
   */
  const invoice = (organizationId: string, idOrNumber: string, options?: TxOptions): Promise<InvoiceDocument> =>
    inTransaction(database, options, async (trx) => {
      const order = await services.orders.get(organizationId, idOrNumber, { trx });
      const [general, branding] = await Promise.all([
        services.settings.get(organizationId, "general", { trx }),
        services.settings.get(organizationId, "branding", { trx }),
      ]);
      const year = yearIn(new Date(), general.timezone ?? "UTC");
      const issued = await issueInvoiceNumber(trx, { organizationId, orderId: order.id, year });
      return buildInvoiceDocument({
        order,
        invoice: issued,
        branding,
        locale: general.locale,
        timezone: general.timezone,
      });
    });

  return {
    invoice,

    /** The invoice as a PDF file, with its number (for the file name). */
    async invoicePdf(organizationId: string, idOrNumber: string): Promise<{ number: string; pdf: Buffer }> {
      const document = await invoice(organizationId, idOrNumber);
      return { number: document.invoice.number, pdf: await renderInvoicePdf(document) };
    },

    /**
     * Queues the invoice's e-mail (`orders/email-invoice`) and answers the job's id. The order must exist
     * in the organization (404) and have a recipient (422 naming `body.to`): `to`, else its customer's
     * e-mail. Any other address than the customer's needs `orders:update` (403): with `orders:read`
     * alone, an invoice (a customer's name, address and purchases) could be mailed to anyone. Requests
     * are counted per order and per caller (`mail.invoiceEmailLimit`, 429 above). The PDF is rendered
     * and sent by the job, so a slow mail provider never holds the request.
     */
    async requestInvoiceEmail(
      organizationId: string,
      idOrNumber: string,
      input: EmailInvoiceInput,
      actor: Actor,
    ): Promise<{ jobId: string; to: string }> {
      return database.transaction(async (trx) => {
        const order = await services.orders.get(organizationId, idOrNumber, { trx });
        const customerEmail = await customerEmailOf(organizationId, order.customerId, { trx });
        const to = input.to ?? customerEmail ?? undefined;
        if (to === undefined)
          throw AppError.validation([
            { path: "body.to", message: "the order's customer has no e-mail address: give the recipient" },
          ]);
        const isCustomers = customerEmail !== null && to.toLowerCase() === customerEmail.toLowerCase();
        if (!isCustomers && !hasPermission(actor, INVOICE_ANY_RECIPIENT_PERMISSION)) {
          throw AppError.forbidden(
            `Only the order's customer's address, unless you have ${INVOICE_ANY_RECIPIENT_PERMISSION}`,
          );
        }
        await recordInvoiceEmailRequest(trx, {
          organizationId,
          orderId: order.id,
          requestedBy: accountableActor(actor).id,
          recipient: to,
          limit: config.mail?.invoiceEmailLimit,
        });
        const job = await services.jobs.enqueue(EMAIL_INVOICE_TASK, { orderId: order.id, to }, { organizationId, trx });
        return { jobId: job.id, to };
      });
    },

    /** The job's work: renders the invoice (issuing its number if needed) and hands it to the mailer. */
    async emailInvoice(
      organizationId: string,
      input: { orderId: string; to: string },
    ): Promise<{ number: string; bytes: number }> {
      if (!isUuid(input.orderId)) throw AppError.notFound("Order");
      const document = await invoice(organizationId, input.orderId);
      const pdf = await renderInvoicePdf(document);
      const seller = document.seller.storeName ?? document.seller.legalName ?? "Your order";
      await mailer.send({
        to: input.to,
        subject: `${seller}: invoice ${document.invoice.number} for order ${document.order.number}`,
        text: `Please find attached invoice ${document.invoice.number} for order ${document.order.number} (${document.money(document.order.total)}).`,
        attachments: [{ filename: `${document.invoice.number}.pdf`, contentType: "application/pdf", content: pdf }],
      });
      return { number: document.invoice.number, bytes: pdf.byteLength };
    },
  };
}

declare module "../../kernel/kernel-task.js" {
  interface TaskInputs {
    "orders/email-invoice": { orderId: string; to: string };
  }
}
