import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { rejectDocumentInput, vendorDocumentSchema } from "../vendor-schemas.js";

/** Reject a vendor document, with a reason. */
export const rejectVendorDocumentRoute = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .post("/:id/documents/:docId/reject", {
      summary: "Reject a vendor document, with a reason",
      description: "From pending or approved; 409 when already rejected.",
    })
    .permission("marketplace:manage")
    .input(rejectDocumentInput)
    .output(vendorDocumentSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.documents.reviewDocument(organizationId, actor, {
        vendorId: params.id,
        documentId: params.docId,
        move: "reject",
        reason: input.reason,
      }),
    }))
    .build();
