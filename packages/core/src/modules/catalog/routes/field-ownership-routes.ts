import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";

const ownershipSchema = z.object({
  id: z.string(),
  entityId: z.string(),
  fieldPath: z.string(),
  owner: z.enum(["platform", "store", "shared"]),
  storeId: z.string().nullable(),
  variantId: z.string().nullable(),
  updatedAt: z.string(),
});

const body = z.object({
  fieldPath: z.string().min(1).max(300),
  owner: z.enum(["platform", "store", "shared"]),
  storeId: z.string().min(1).max(200).nullable().optional(),
  variantId: z.uuid().nullable().optional(),
});

/** GET and PUT of one resource, the entity's field-ownership rows. */
export const fieldOwnershipRoutes = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .get("/entities/:id/field-ownership", {
      summary: "Field ownership rows of an entity",
      description: "With `storeId`: that store's rows and the store-independent ones.",
    })
    .permission("catalog:read")
    .query(z.object({ storeId: z.string().min(1).max(200).optional() }))
    .output(z.array(ownershipSchema))
    .handler(async ({ params, query, organizationId, actor }) => ({
      data: await services.catalog.listFieldOwnership(organizationId, params.id, query, actor),
    }))
    .put("/entities/:id/field-ownership", {
      summary: "Set the owner of a field",
      description: "One row per field, store and variant. Store-sourced entities also need catalog:sync.",
    })
    .permission("catalog:update")
    .input(body)
    .output(ownershipSchema)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.catalog.putFieldOwnership(organizationId, params.id, input, actor),
    }))
    .build();
