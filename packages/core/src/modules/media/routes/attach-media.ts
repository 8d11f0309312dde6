import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";

const body = z.object({
  entityId: z.uuid(),
  mediaAssetId: z.uuid(),
  role: z.string().min(1).max(50),
  variantId: z.uuid().nullable().optional(),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
});

export const attachMediaRoute = ({ services }: RouteContext) =>
  router("Media", "/media")
    .post("/attach", { summary: "Attach a media asset to an entity or a variant", description: "Once per level: a second attachment to the same entity (or the same variant) is a 409." })
    .permission("media:write")
    .input(body)
    .output(z.object({ id: z.string(), mediaAssetId: z.string(), entityId: z.string(), variantId: z.string().nullable(), role: z.string(), sortOrder: z.number().int(), createdAt: z.string() }))
    .status(201)
    .handler(async ({ input, organizationId, actor }) => ({ data: await services.media.attach(organizationId, input, actor) }))
    .build();
