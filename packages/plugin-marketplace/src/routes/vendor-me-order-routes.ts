import { z } from "zod";
import { paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { listReviewsQuery, reviewSchema } from "../aftersale-schemas.js";
import { listOwnPayoutsQuery, payoutSchema, vendorBalanceSchema } from "../ledger-schemas.js";
import { cancelSubOrderInput, listOwnSubOrdersQuery, shipSubOrderInput, subOrderSchema, subOrderSummarySchema } from "../sub-order-schemas.js";

const TAG = "Marketplace vendor self-service";

/** A vendor's own sub-orders, balance, payouts and reviews; another vendor's sub-order is a 404. */
export const vendorMeOrderRoutes = ({ services }: RouteContext) =>
  router(TAG, "/marketplace/vendor/me")
    .get("/orders", { summary: "List my sub-orders", description: "Newest first; by `status`." })
    .permission("marketplace:vendor")
    .query(listOwnSubOrdersQuery)
    .output(z.array(subOrderSummarySchema))
    .handler(async ({ query, actor, organizationId }) => {
      const vendorId = await services.marketplace.members.vendorIdOf(actor);
      const { items, total } = await services.marketplace.subOrders.list(organizationId, { ...query, vendorId });
      return { data: items, meta: paginate(query, total) };
    })
    .get("/orders/:id", { summary: "Read one of my sub-orders" })
    .permission("marketplace:vendor")
    .output(subOrderSchema)
    .handler(async ({ params, actor, organizationId }) => ({ data: await services.marketplace.subOrders.get(organizationId, params.id, { vendorId: await services.marketplace.members.vendorIdOf(actor) }) }))
    .post("/orders/:id/confirm", { summary: "Confirm one of my sub-orders", description: "pending → confirmed; 409 otherwise." })
    .permission("marketplace:vendor")
    .output(subOrderSchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.marketplace.subOrders.move(organizationId, actor, { subOrderId: params.id, move: "confirm", vendorId: await services.marketplace.members.vendorIdOf(actor) }),
    }))
    .post("/orders/:id/ship", { summary: "Ship one of my sub-orders", description: "confirmed → shipped, with its tracking number; 409 otherwise." })
    .permission("marketplace:vendor")
    .input(shipSubOrderInput)
    .output(subOrderSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.subOrders.move(organizationId, actor, { subOrderId: params.id, move: "ship", vendorId: await services.marketplace.members.vendorIdOf(actor), ...input }),
    }))
    .post("/orders/:id/deliver", { summary: "Mark one of my sub-orders delivered", description: "shipped → delivered; 409 otherwise." })
    .permission("marketplace:vendor")
    .output(subOrderSchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.marketplace.subOrders.move(organizationId, actor, { subOrderId: params.id, move: "deliver", vendorId: await services.marketplace.members.vendorIdOf(actor) }),
    }))
    .post("/orders/:id/cancel", { summary: "Cancel one of my sub-orders", description: "From pending or confirmed (409 otherwise); a paid one is refunded to the customer and leaves my balance." })
    .permission("marketplace:vendor")
    .input(cancelSubOrderInput)
    .output(subOrderSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.subOrders.move(organizationId, actor, { subOrderId: params.id, move: "cancel", vendorId: await services.marketplace.members.vendorIdOf(actor), ...input }),
    }))
    .get("/balance", { summary: "Read my balance", description: "As GET /vendors/:id/balance, for my vendor." })
    .permission("marketplace:vendor")
    .output(vendorBalanceSchema)
    .handler(async ({ actor, organizationId }) => ({ data: await services.marketplace.ledger.balance(organizationId, await services.marketplace.members.vendorIdOf(actor)) }))
    .get("/payouts", { summary: "List my payouts", description: "Newest first; by `status`." })
    .permission("marketplace:vendor")
    .query(listOwnPayoutsQuery)
    .output(z.array(payoutSchema))
    .handler(async ({ query, actor, organizationId }) => {
      const vendorId = await services.marketplace.members.vendorIdOf(actor);
      const { items, total } = await services.marketplace.payouts.list(organizationId, { ...query, vendorId });
      return { data: items, meta: paginate(query, total) };
    })
    .get("/reviews", { summary: "List my reviews", description: "Newest first, hidden ones included; by `status`." })
    .permission("marketplace:vendor")
    .query(listReviewsQuery)
    .output(z.array(reviewSchema))
    .handler(async ({ query, actor, organizationId }) => {
      const vendorId = await services.marketplace.members.vendorIdOf(actor);
      const { items, total } = await services.marketplace.reviews.list(organizationId, vendorId, { ...query, isPublicOnly: false });
      return { data: items, meta: paginate(query, total) };
    })
    .build();
