import { z } from "zod";
import { paginate, paginationQuery, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { vendorEntitySchema } from "../vendor-schemas.js";

/** List the catalog entities a vendor sells. */
export const listVendorEntitiesRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .get("/:id/entities", { summary: "List the catalog entities a vendor sells" })
    .permission("marketplace:read")
    .query(paginationQuery)
    .output(z.array(vendorEntitySchema))
    .handler(async ({ params, query, organizationId }) => {
      const { items, total } = await services.marketplace.entities.listEntities(organizationId, params.id, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
