import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { assignTaxClassRoute } from "./routes/assign-tax-class.js";
import { calculateTaxRoute } from "./routes/calculate-tax.js";
import { createTaxClassRoute } from "./routes/create-tax-class.js";
import { deleteTaxClassRoute } from "./routes/delete-tax-class.js";
import { listTaxAssignmentsRoute } from "./routes/list-tax-assignments.js";
import { listTaxClassesRoute } from "./routes/list-tax-classes.js";
import { updateTaxClassRoute } from "./routes/update-tax-class.js";
import { taxMigrations } from "./tax-migrations.js";
import { createTaxService } from "./tax-service.js";

const ROUTES = [
  listTaxClassesRoute,
  createTaxClassRoute,
  updateTaxClassRoute,
  deleteTaxClassRoute,
  assignTaxClassRoute,
  listTaxAssignmentsRoute,
  calculateTaxRoute,
];

/** Tax classes (one default per organization), their assignment to entities and variants, per-line tax. */
export const taxModule: PluginManifest = {
  id: "tax",
  version: CORE_VERSION,
  dependencies: ["catalog"],
  permissions: [{ scope: "tax:manage", description: "Manage tax classes and assignments; preview tax" }],
  schema: { migrations: taxMigrations },
  services: (context) => ({ tax: createTaxService(context) }),
  subscribers: [
    {
      event: "catalog.delete",
      handler: (event, { trx, services }) =>
        services.tax.removeEntityAssignments(event.organizationId, event.entityId, { trx }),
    },
  ],
  routes: (context) => ROUTES.flatMap((route) => route(context)),
};
