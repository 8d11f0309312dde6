import { z } from "zod";
import { paginate, paginationQuery, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { addMemberInput, createVendorKeyInput, vendorEntitySchema, vendorKeySchema, vendorMemberSchema } from "../vendor-schemas.js";

const TAG = "Marketplace vendors";

/** What a vendor sells (catalog entities), who acts for it (members) and its API keys. */
export const vendorAccessRoutes = ({ services }: RouteContext) =>
  router(TAG, "/marketplace/vendors")
    .get("/:id/entities", { summary: "List the catalog entities a vendor sells" })
    .permission("marketplace:read")
    .query(paginationQuery)
    .output(z.array(vendorEntitySchema))
    .handler(async ({ params, query, organizationId }) => {
      const { items, total } = await services.marketplace.entities.listEntities(organizationId, params.id, query);
      return { data: items, meta: paginate(query, total) };
    })
    .put("/:id/entities/:entityId", { summary: "Assign a catalog entity to a vendor", description: "Checkout puts its lines in this vendor's sub-order. 404 unknown entity; 409 when another vendor sells it." })
    .permission("marketplace:manage")
    .output(vendorEntitySchema)
    .handler(async ({ params, actor, organizationId }) => ({ data: await services.marketplace.entities.assignEntity(organizationId, actor, params.id, params.entityId) }))
    .delete("/:id/entities/:entityId", { summary: "Take a catalog entity from a vendor" })
    .permission("marketplace:manage")
    .output(z.object({ vendorId: z.string(), entityId: z.string() }))
    .handler(async ({ params, actor, organizationId }) => ({ data: await services.marketplace.entities.unassignEntity(organizationId, actor, params.id, params.entityId) }))
    .get("/:id/members", { summary: "List the users acting for a vendor" })
    .permission("marketplace:read")
    .output(z.array(vendorMemberSchema))
    .handler(async ({ params, organizationId }) => ({ data: await services.marketplace.members.listMembers(organizationId, params.id) }))
    .post("/:id/members", { summary: "Let a user act for a vendor", description: "Vendor self-service (`/vendor/me`) then answers for this vendor. 409 when the user acts for a vendor already." })
    .permission("marketplace:manage")
    .input(addMemberInput)
    .output(vendorMemberSchema)
    .status(201)
    .handler(async ({ params, input, actor, organizationId }) => ({ data: await services.marketplace.members.addMember(organizationId, actor, params.id, input.userId) }))
    .delete("/:id/members/:userId", { summary: "Stop a user acting for a vendor", description: "Revokes the vendor keys minted for them." })
    .permission("marketplace:manage")
    .output(z.object({ vendorId: z.string(), userId: z.string() }))
    .handler(async ({ params, actor, organizationId }) => ({ data: await services.marketplace.members.removeMember(organizationId, actor, params.id, params.userId) }))
    .post("/:id/api-keys", {
      summary: "Mint a vendor API key for a member",
      description: "An API key of the `vendor` scope, bound to this vendor and acting for the member; the key is shown once. Needs the authentication plugin (409 without it).",
    })
    .permission("marketplace:manage")
    .input(createVendorKeyInput)
    .output(vendorKeySchema)
    .status(201)
    .handler(async ({ params, input, organizationId }) => ({
      data: await services.marketplace.members.createKey({ organizationId, vendorId: params.id, userId: input.userId, expiresInSeconds: input.expiresInSeconds }),
    }))
    .build();
