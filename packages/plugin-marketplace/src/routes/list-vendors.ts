import { z } from "zod";
import { paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { listVendorsQuery, vendorSchema } from "../vendor-schemas.js";

/** List vendors. */
export const listVendorsRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .get("/", { summary: "List vendors", description: "Newest first; `status` keeps one state." })
    .permission("marketplace:read")
    .query(listVendorsQuery)
    .output(z.array(vendorSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.marketplace.vendors.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
