import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customFieldRowSchema, localeSchema } from "../catalog-schemas.js";
import { fieldParams } from "./propose-custom-field.js";

const query = z.object({ locale: localeSchema.default("en") });

/** Approve and reject: the two decisions on the newest pending proposal of a field. */
export const decideCustomFieldRoutes = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .post("/entities/:id/custom-fields/:fieldName/approve", {
      summary: "Approve the newest proposal of a custom field",
      description: "It displaces the live value atomically. Store-sourced entities also need catalog:sync.",
    })
    .permission("catalog:update")
    .params(fieldParams)
    .query(query)
    .output(customFieldRowSchema)
    .handler(async ({ params, query: { locale }, organizationId, actor }) => ({
      data: await services.catalog.approve(organizationId, params.id, params.fieldName, locale, actor),
    }))
    .post("/entities/:id/custom-fields/:fieldName/reject", { summary: "Reject the newest proposal of a custom field" })
    .permission("catalog:update")
    .params(fieldParams)
    .query(query)
    .output(customFieldRowSchema)
    .handler(async ({ params, query: { locale }, organizationId, actor }) => ({
      data: await services.catalog.reject(organizationId, params.id, params.fieldName, locale, actor),
    }))
    .build();
