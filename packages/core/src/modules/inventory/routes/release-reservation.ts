import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { reservationSchema } from "../inventory-schemas.js";

export const releaseReservationRoute = ({ services }: RouteContext) =>
  router("Inventory", "/inventory")
    .post("/release", {
      summary: "Release a reservation",
      description: "Gives the quantity back. A reservation that is no longer active is a 409.",
    })
    .permission("inventory:adjust")
    .input(z.object({ reservationId: z.uuid() }))
    .output(reservationSchema)
    .handler(async ({ input, organizationId, actor }) => ({
      data: await services.inventory.release(organizationId, input.reservationId, actor),
    }))
    .build();
