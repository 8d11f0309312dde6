import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { hasPermission } from "../../../kernel/permissions.js";
import { stockLevelSchema } from "../inventory-schemas.js";

const query = z.object({
  entityIds: z
    .string()
    .min(1)
    .transform((value) => value.split(",").map((id) => id.trim()))
    .pipe(z.array(z.uuid()).min(1).max(100)),
});

export const checkStockRoute = ({ services }: RouteContext) =>
  router("Inventory", "/inventory")
    .get("/check", {
      summary: "Stock of entities",
      description: [
        "`entityIds`: comma-separated UUIDs (at most 100). An unknown id is a 404; so is an unpublished entity's,",
        "unless the caller has catalog:read:unpublished or inventory:adjust.",
      ].join(" "),
    })
    .permission("inventory:read")
    .query(query)
    .output(
      z.array(
        z.object({
          entityId: z.string(),
          onHand: z.number().int(),
          reserved: z.number().int(),
          available: z.number().int(),
          levels: z.array(stockLevelSchema),
        }),
      ),
    )
    .handler(async ({ query: { entityIds }, organizationId, actor }) => ({
      // A storefront key holds inventory:read: drafts' stock would reveal them. Stock keepers see every entity.
      data: await services.inventory.check(organizationId, entityIds, {
        isUnpublishedVisible:
          hasPermission(actor, "catalog:read:unpublished") || hasPermission(actor, "inventory:adjust"),
      }),
    }))
    .build();
