import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";

const linkSchema = z.object({
  entityId: z.string(),
  categoryId: z.string().optional(),
  brandId: z.string().optional(),
  isAttached: z.boolean(),
});

/**
 * Attach and detach an entity to a category or a brand: four routes of one shape, kept together so the
 * shape is written once.
 */
export const entityLinkRoutes = ({ services }: RouteContext) => {
  const { catalog } = services;
  return router("Catalog", "/catalog")
    .post("/entities/:id/categories/:categoryId", { summary: "Attach an entity to a category" })
    .permission("catalog:update")
    .params(z.object({ id: z.string().min(1), categoryId: z.uuid() }))
    .output(linkSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await catalog.attachCategory(organizationId, params.id, params.categoryId, actor),
    }))
    .delete("/entities/:id/categories/:categoryId", { summary: "Detach an entity from a category" })
    .permission("catalog:update")
    .params(z.object({ id: z.string().min(1), categoryId: z.uuid() }))
    .output(linkSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await catalog.detachCategory(organizationId, params.id, params.categoryId, actor),
    }))
    .post("/entities/:id/brands/:brandId", { summary: "Attach an entity to a brand" })
    .permission("catalog:update")
    .params(z.object({ id: z.string().min(1), brandId: z.uuid() }))
    .output(linkSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await catalog.attachBrand(organizationId, params.id, params.brandId, actor),
    }))
    .delete("/entities/:id/brands/:brandId", { summary: "Detach an entity from a brand" })
    .permission("catalog:update")
    .params(z.object({ id: z.string().min(1), brandId: z.uuid() }))
    .output(linkSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await catalog.detachBrand(organizationId, params.id, params.brandId, actor),
    }))
    .build();
};
