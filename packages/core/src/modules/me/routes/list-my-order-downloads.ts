import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customerOf } from "../me-customer.js";
import { myOrderIdParams, orderDownloadSchema } from "../me-schemas.js";
import { ME_ACCESS_DOC } from "./me-route-doc.js";

export const listMyOrderDownloadsRoute = ({ services }: RouteContext) =>
  router("Customer self-service", "/me")
    .get("/orders/:orderId/downloads", {
      summary: "Download links of one of my orders",
      description: [
        "Signed links, valid without credentials until `expiresAt` (`media.signedUrlTtlSeconds`, default 15",
        "minutes), to the files attached with role `download` to each line's entity or variant (a line refunded in",
        "full has none). Open once the order is paid: `confirmed`, `processing`, `partially_fulfilled` or",
        "`fulfilled`; a `pending`, `cancelled` or `refunded` order is a 409 `CONFLICT` (`details.status`).",
        `\`:orderId\` is the order's UUID or number. ${ME_ACCESS_DOC}`,
      ].join(" "),
    })
    .session()
    .permission("orders:read:own")
    .params(myOrderIdParams)
    .output(z.array(orderDownloadSchema))
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.me.downloads(organizationId, customerOf(actor), params.orderId),
    }))
    .build();
