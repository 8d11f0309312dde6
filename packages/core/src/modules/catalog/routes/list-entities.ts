import { z } from "zod";
import { jsonEnvelope } from "../../../http/json-text.js";
import { cursorPaginationSchema, paginate, paginationQuery } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { entitySchema, entityStatusSchema, includeQuery } from "../catalog-schemas.js";
import { encodeEntityCursor, entityCursorMismatch, entityCursorQuery } from "../entity-list-cursor.js";
import { ENTITY_SORT_FIELDS, type EntitySortField } from "../entity-listing.js";

const sortPattern = new RegExp(`^(${ENTITY_SORT_FIELDS.join("|")}):(asc|desc)$`);

const query = paginationQuery
  .extend({
    type: z.string().min(1).max(100).optional(),
    status: entityStatusSchema.optional(),
    category: z.uuid().optional(),
    brand: z.uuid().optional(),
    sort: z
      .string()
      .regex(
        sortPattern,
        `must be field:direction with field one of ${ENTITY_SORT_FIELDS.join(", ")} and direction asc or desc`,
      )
      .default("createdAt:desc")
      .transform((value) => {
        const [field, direction] = value.split(":") as [EntitySortField, "asc" | "desc"];
        return { field, direction };
      }),
    include: includeQuery,
    cursor: entityCursorQuery.optional(),
  })
  .superRefine((listQuery, context) => {
    // Zod runs this even when a field failed: a cursor that did not decode is still its raw text here,
    // and has its issue already.
    if (typeof listQuery.cursor !== "object") return;
    // A cursor is the position: a page number on top of it would mean two positions.
    if (listQuery.page !== 1)
      context.addIssue({ code: "custom", path: ["page"], message: "must be absent or 1 with a cursor" });
    const mismatch = entityCursorMismatch(listQuery.cursor, listQuery, listQuery.sort);
    if (mismatch) context.addIssue({ code: "custom", path: ["cursor"], message: mismatch });
  });

export const listEntitiesRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .get("/entities", {
      summary: "List catalog entities",
      description: [
        "Filters type, status, category, brand; `sort=field:direction`; `include` is a comma list of registered",
        "includes. Pages by `page` or, at the same cost at any depth, by `cursor`: pass `meta.pagination.nextCursor`",
        "with the same filters and sort for the next page.",
      ].join(" "),
    })
    .permission("catalog:read")
    .query(query)
    .output(z.array(entitySchema))
    .meta(z.object({ pagination: cursorPaginationSchema }))
    .handler(async ({ query: { cursor, ...listQuery }, organizationId, actor }) => {
      const after = cursor ? { id: cursor.id, value: cursor.value, isExact: true } : undefined;
      const { entities, total, next } = await services.catalog.listEntities(
        organizationId,
        { ...listQuery, ...(after ? { after } : {}) },
        actor,
      );
      const nextCursor = next ? encodeEntityCursor(listQuery, listQuery.sort, next) : null;
      return jsonEnvelope(entities, { pagination: { ...paginate(listQuery, total).pagination, nextCursor } });
    })
    .build();
