import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { createDocumentInput, rejectDocumentInput, vendorDocumentSchema } from "../vendor-schemas.js";

/** A vendor's documents: listed, uploaded (a reference to the file), approved and rejected. */
export const vendorDocumentRoutes = ({ services }: RouteContext) =>
  router("Marketplace vendors", "/marketplace/vendors")
    .get("/:id/documents", { summary: "List a vendor's documents", description: "Oldest first." })
    .permission("marketplace:read")
    .output(z.array(vendorDocumentSchema))
    .handler(async ({ params, organizationId }) => ({ data: await services.marketplace.documents.listDocuments(organizationId, params.id) }))
    .post("/:id/documents", { summary: "Add a vendor document", description: "A reference to an uploaded file (a media asset id, a storage key, a URL); it starts `pending`." })
    .permission("marketplace:manage")
    .input(createDocumentInput)
    .output(vendorDocumentSchema)
    .status(201)
    .handler(async ({ params, input, actor, organizationId }) => ({ data: await services.marketplace.documents.addDocument(organizationId, actor, params.id, input) }))
    .post("/:id/documents/:docId/approve", { summary: "Approve a vendor document", description: "From pending or rejected; 409 when already approved." })
    .permission("marketplace:manage")
    .output(vendorDocumentSchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.marketplace.documents.reviewDocument(organizationId, actor, { vendorId: params.id, documentId: params.docId, move: "approve", reason: null }),
    }))
    .post("/:id/documents/:docId/reject", { summary: "Reject a vendor document, with a reason", description: "From pending or approved; 409 when already rejected." })
    .permission("marketplace:manage")
    .input(rejectDocumentInput)
    .output(vendorDocumentSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.documents.reviewDocument(organizationId, actor, { vendorId: params.id, documentId: params.docId, move: "reject", reason: input.reason }),
    }))
    .build();
