import type { PluginManifest } from "../../kernel/plugin.js";
import { defineTask } from "../../kernel/kernel-task.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { catalogImportEvents } from "./catalog-import-events.js";
import { catalogImportMigrations } from "./catalog-import-migrations.js";
import { createCatalogImportService } from "./catalog-import-service.js";
import { IMPORT_TASK } from "./import-task.js";
import { getImportRoute } from "./routes/get-import.js";
import { startImportRoute } from "./routes/start-import.js";

/** One run of the job writes batches for at most this long, well inside the queue's lease (5 minutes by default). */
const JOB_BUDGET_MS = 60_000;

/** Bulk import of the catalog (NDJSON or CSV) with progress, through the catalog, pricing and inventory services. */
export const catalogImportModule: PluginManifest = {
  id: "catalog-import",
  version: CORE_VERSION,
  dependencies: ["catalog", "pricing", "inventory"],
  permissions: [
    {
      scope: "catalog:import",
      description: "Import catalog entities, variants, prices and stock in bulk, and read imports' progress",
    },
  ],
  schema: { migrations: catalogImportMigrations },
  events: catalogImportEvents,
  services: (context) => ({ catalogImport: createCatalogImportService(context) }),
  tasks: [
    defineTask({
      slug: IMPORT_TASK,
      // One runner per import at a time; the batches lock the import row anyway.
      concurrency: { key: (input) => input.importId },
      handler: async (input, { services, job }) => {
        const progress = await services.catalogImport.runImport(job.organizationId, input.importId, {
          budgetMs: JOB_BUDGET_MS,
        });
        const isFinished = progress.status === "completed" || progress.status === "failed";
        if (!isFinished) await services.jobs.enqueue(IMPORT_TASK, input, { organizationId: job.organizationId });
        return { status: progress.status, rowsDone: progress.rowsDone };
      },
    }),
  ],
  routes: (context) => [...startImportRoute(context), ...getImportRoute(context)],
};
