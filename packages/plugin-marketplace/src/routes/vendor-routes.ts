import { z } from "zod";
import { paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { createVendorInput, listVendorsQuery, suspendVendorInput, updateVendorInput, vendorReasonInput, vendorSchema } from "../vendor-schemas.js";

const TAG = "Marketplace vendors";

/** Vendors: create, list, read, change; approve, reject (with a reason), suspend, reinstate. */
export const vendorRoutes = ({ services }: RouteContext) =>
  router(TAG, "/marketplace/vendors")
    .post("/", { summary: "Create a vendor", description: "Starts `pending` (approve it to sell). `userIds` become its members. 409 for a slug taken or a user already acting for a vendor." })
    .permission("marketplace:manage")
    .input(createVendorInput)
    .output(vendorSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) => ({ data: await services.marketplace.vendors.create(organizationId, actor, input) }))
    .get("/", { summary: "List vendors", description: "Newest first; `status` keeps one state." })
    .permission("marketplace:read")
    .query(listVendorsQuery)
    .output(z.array(vendorSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.marketplace.vendors.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .get("/:id", { summary: "Read a vendor" })
    .permission("marketplace:read")
    .output(vendorSchema)
    .handler(async ({ params, organizationId }) => ({ data: await services.marketplace.vendors.get(organizationId, params.id) }))
    .patch("/:id", { summary: "Change a vendor's profile", description: "The status moves only through approve, reject, suspend and reinstate." })
    .permission("marketplace:manage")
    .input(updateVendorInput)
    .output(vendorSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({ data: await services.marketplace.vendors.update(organizationId, actor, params.id, input) }))
    .post("/:id/approve", { summary: "Approve a pending vendor", description: "pending → active; any other state: 409." })
    .permission("marketplace:admin")
    .output(vendorSchema)
    .handler(async ({ params, actor, organizationId }) => ({ data: await services.marketplace.vendors.move(organizationId, actor, params.id, "approve", null) }))
    .post("/:id/reject", { summary: "Reject a pending vendor, with a reason", description: "pending → rejected (final); any other state: 409." })
    .permission("marketplace:manage")
    .input(vendorReasonInput)
    .output(vendorSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({ data: await services.marketplace.vendors.move(organizationId, actor, params.id, "reject", input.reason) }))
    .post("/:id/suspend", { summary: "Suspend an active vendor", description: "active → suspended: checkout refuses its items and payout runs skip it; any other state: 409." })
    .permission("marketplace:admin")
    .input(suspendVendorInput)
    .output(vendorSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({ data: await services.marketplace.vendors.move(organizationId, actor, params.id, "suspend", input.reason ?? null) }))
    .post("/:id/reinstate", { summary: "Reinstate a suspended vendor", description: "suspended → active; any other state: 409." })
    .permission("marketplace:admin")
    .output(vendorSchema)
    .handler(async ({ params, actor, organizationId }) => ({ data: await services.marketplace.vendors.move(organizationId, actor, params.id, "reinstate", null) }))
    .build();
