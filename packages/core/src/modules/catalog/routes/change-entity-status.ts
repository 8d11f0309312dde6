import { router } from "../../../http/router.js";
import { withHookErrors } from "../../../http/with-hook-errors.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import type { EntityStatus } from "../catalog-tables.js";
import { entitySchema } from "../catalog-schemas.js";

/** The status moves of the spec: each is a POST without a body. */
const MOVES: readonly { action: string; status: EntityStatus; summary: string }[] = [
  { action: "publish", status: "active", summary: "Publish an entity (status active)" },
  { action: "archive", status: "archived", summary: "Archive an entity" },
  { action: "discontinue", status: "discontinued", summary: "Discontinue an entity" },
];

export const changeEntityStatusRoutes = ({ services }: RouteContext) =>
  MOVES.flatMap(({ action, status, summary }) =>
    router("Catalog", "/catalog")
      .post(`/entities/:id/${action}`, { summary })
      .permission("catalog:update")
      .output(entitySchema)
      .handler(async ({ params, organizationId, actor }) =>
        withHookErrors(await services.catalog.setStatus(organizationId, params.id, status, actor)),
      )
      .build(),
  );
