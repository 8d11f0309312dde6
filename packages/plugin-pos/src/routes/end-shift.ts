import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { surfacingFailures } from "../service-failure.js";

const endedSchema = z.object({ shiftId: z.string(), operatorId: z.string(), endedAt: z.string() });

export const endShiftRoute = ({ services }: RouteContext) =>
  router("Point of sale", "/pos")
    .post("/auth/shift/end", {
      summary: "End the calling shift",
      description: [
        "Called with the shift's own key: ends the shift, records `pos.shiftEnd` and revokes the key, which answers",
        "401 from then on. 404 for a key that is not an open shift's.",
      ].join(" "),
    })
    .permission("pos:operate")
    .output(endedSchema)
    .handler(async ({ actor, organizationId }) =>
      surfacingFailures(async () => ({ data: await services.pos.shifts.endShift({ organizationId, actor }) })),
    )
    .build();
