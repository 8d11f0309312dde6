import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { reservationSchema } from "../inventory-schemas.js";

export const convertReservationRoute = ({ services }: RouteContext) =>
  router("Inventory", "/inventory")
    .post("/convert", {
      summary: "Convert a reservation into a sale",
      description: "On-hand and reserved drop by its quantity; it no longer expires. Emits inventory.afterAdjust.",
    })
    .permission("inventory:adjust")
    .input(z.object({ reservationId: z.uuid() }))
    .output(reservationSchema)
    .handler(async ({ input, organizationId, actor }) => ({
      data: await services.inventory.convert(organizationId, input.reservationId, actor),
    }))
    .build();
