import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { vendorBalanceSchema } from "../ledger-schemas.js";

/** Read my balance. */
export const getOwnBalanceRoute = ({ services }: RouteContext) =>
  router("Marketplace vendor self-service", "/marketplace/vendor/me")
    .get("/balance", { summary: "Read my balance", description: "As GET /vendors/:id/balance, for my vendor." })
    .permission("marketplace:vendor")
    .output(vendorBalanceSchema)
    .handler(async ({ actor, organizationId }) => ({
      data: await services.marketplace.ledger.balance(
        organizationId,
        await services.marketplace.members.vendorIdOf(actor),
      ),
    }))
    .build();
