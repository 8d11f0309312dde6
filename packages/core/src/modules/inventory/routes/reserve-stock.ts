import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { reservationSchema, reserveInput } from "../inventory-schemas.js";

export const reserveStockRoute = ({ services }: RouteContext) =>
  router("Inventory", "/inventory")
    .post("/reserve", {
      summary: "Reserve stock",
      description: [
        "Holds `quantity` until released, converted or expired (`ttlSeconds`, default 900, or `expiresAt`, a moment at",
        "most 366 days ahead). Not enough available stock is a 409.",
      ].join(" "),
    })
    .permission("inventory:adjust")
    .input(reserveInput)
    .output(reservationSchema)
    .status(201)
    .handler(async ({ input, organizationId }) => ({ data: await services.inventory.reserve(organizationId, input) }))
    .build();
