import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { vendorDocumentSchema } from "../vendor-schemas.js";

/** List a vendor's documents. */
export const listVendorDocumentsRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .get("/:id/documents", { summary: "List a vendor's documents", description: "Oldest first." })
    .permission("marketplace:read")
    .output(z.array(vendorDocumentSchema))
    .handler(async ({ params, organizationId }) => ({
      data: await services.marketplace.documents.listDocuments(organizationId, params.id),
    }))
    .build();
