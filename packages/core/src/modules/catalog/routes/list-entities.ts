import { z } from "zod";
import { jsonEnvelope } from "../../../http/json-text.js";
import { paginate, paginationQuery } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { entitySchema, entityStatusSchema, includeQuery } from "../catalog-schemas.js";
import { ENTITY_SORT_FIELDS, type EntitySortField } from "../entity-listing.js";

const sortPattern = new RegExp(`^(${ENTITY_SORT_FIELDS.join("|")}):(asc|desc)$`);

const query = paginationQuery.extend({
  type: z.string().min(1).max(100).optional(),
  status: entityStatusSchema.optional(),
  category: z.uuid().optional(),
  brand: z.uuid().optional(),
  sort: z
    .string()
    .regex(sortPattern, `must be field:direction with field one of ${ENTITY_SORT_FIELDS.join(", ")} and direction asc or desc`)
    .default("createdAt:desc")
    .transform((value) => {
      const [field, direction] = value.split(":") as [EntitySortField, "asc" | "desc"];
      return { field, direction };
    }),
  include: includeQuery,
});

export const listEntitiesRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .get("/entities", { summary: "List catalog entities", description: "Filters type, status, category, brand; `sort=field:direction`; `include` is a comma list of registered includes." })
    .permission("catalog:read")
    .query(query)
    .output(z.array(entitySchema))
    .handler(async ({ query: listQuery, organizationId, actor }) => {
      const { entities, total } = await services.catalog.listEntities(organizationId, listQuery, actor);
      return jsonEnvelope(entities, paginate(listQuery, total));
    })
    .build();
