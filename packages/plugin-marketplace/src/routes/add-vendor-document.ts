import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { createDocumentInput, vendorDocumentSchema } from "../vendor-schemas.js";

/** Add a vendor document. */
export const addVendorDocumentRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .post("/:id/documents", {
      summary: "Add a vendor document",
      description: "A reference to an uploaded file (a media asset id, a storage key, a URL); it starts `pending`.",
    })
    .permission("marketplace:manage")
    .input(createDocumentInput)
    .output(vendorDocumentSchema)
    .status(201)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.documents.addDocument(organizationId, actor, params.id, input),
    }))
    .build();
