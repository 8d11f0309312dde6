import { z } from "zod";
import { attachmentDisposition } from "../../../http/content-disposition.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";

export const getInvoicePdfRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .get("/:id/invoice.pdf", {
      summary: "The order's fiscal invoice as a PDF",
      description: [
        "By UUID or number. The first invoice of an order takes the store's next invoice number (`INV-YYYY-NNNNNN`,",
        "gapless); later ones show the same. Sent as an attachment (`Content-Disposition: attachment`, an ASCII",
        "`filename` and RFC 5987 `filename*`), never rendered inline.",
      ].join(" "),
    })
    .permission("orders:read")
    .params(z.object({ id: z.string().min(1).max(64) }))
    .produces("application/pdf")
    .handler(async ({ params, organizationId, reply }) => {
      const { number, pdf } = await services.orders.invoicePdf(organizationId, params.id);
      await reply
        .status(200)
        .header("content-type", "application/pdf")
        .header("content-disposition", attachmentDisposition(`${number}.pdf`))
        .header("cache-control", "private, no-store")
        .send(pdf);
    })
    .build();
