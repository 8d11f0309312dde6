import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { vendorDocumentSchema } from "../vendor-schemas.js";

/** Approve a vendor document. */
export const approveVendorDocumentRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .post("/:id/documents/:docId/approve", {
      summary: "Approve a vendor document",
      description: "From pending or rejected; 409 when already approved.",
    })
    .permission("marketplace:manage")
    .output(vendorDocumentSchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.marketplace.documents.reviewDocument(organizationId, actor, {
        vendorId: params.id,
        documentId: params.docId,
        move: "approve",
        reason: null,
      }),
    }))
    .build();
