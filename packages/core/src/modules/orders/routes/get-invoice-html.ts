import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { renderInvoiceHtml } from "../invoice-html.js";
import { sendHtml } from "./send-html.js";

export const getInvoiceHtmlRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .get("/:id/invoice.html", {
      summary: "The order's fiscal invoice as an HTML page",
      description: "The same data and number as `invoice.pdf`, every value escaped.",
    })
    .permission("orders:read")
    .params(z.object({ id: z.string().min(1).max(64) }))
    .produces("text/html")
    .handler(async ({ params, organizationId, reply }) =>
      sendHtml(reply, renderInvoiceHtml(await services.orders.invoice(organizationId, params.id))),
    )
    .build();
