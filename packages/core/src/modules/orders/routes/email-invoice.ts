import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";

const emailInvoiceInput = z.object({ to: z.email().max(320).optional() });

export const emailInvoiceRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .post("/:id/invoice/email", {
      summary: "E-mail the order's invoice",
      description: [
        "Queues the job `orders/email-invoice`, which renders the PDF and sends it through `mail.mailer`.",
        "Answers 202 with the job's id. `to` defaults to the order's customer's e-mail; any other address needs",
        "`orders:update` (403). Limited per order and per caller (`mail.invoiceEmailLimit`, default 5 per order and 30",
        "per caller an hour; 429 above).",
      ].join(" "),
    })
    .permission("orders:read")
    .params(z.object({ id: z.string().min(1).max(64) }))
    .input(emailInvoiceInput)
    .output(z.object({ jobId: z.string(), to: z.string() }))
    .status(202)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.orders.requestInvoiceEmail(organizationId, params.id, input, actor),
    }))
    .build();
