import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { renderReceiptHtml } from "../receipt-html.js";
import { sendHtml } from "./send-html.js";

export const getReceiptHtmlRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .get("/:id/receipt.html", {
      summary: "The order's receipt for 80 mm printers",
      description: "A narrow HTML page with the invoice's number and totals.",
    })
    .permission("orders:read")
    .params(z.object({ id: z.string().min(1).max(64) }))
    .produces("text/html")
    .handler(async ({ params, organizationId, reply }) =>
      sendHtml(reply, renderReceiptHtml(await services.orders.invoice(organizationId, params.id))),
    )
    .build();
