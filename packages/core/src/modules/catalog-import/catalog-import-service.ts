import { analyzeGrownTables } from "../../db/analyze-grown-tables.js";
import type { ServiceContext } from "../../kernel/contexts.js";
import type { EventPayloadsOf } from "../../kernel/domain-events.js";
import type { catalogImportEvents } from "./catalog-import-events.js";
import type { CatalogImport } from "./catalog-import-schemas.js";
import { importScope, MAX_KEPT_ERRORS } from "./catalog-import-tables.js";
import { importErrors } from "./catalog-import-errors.js";
import { DEFAULT_BATCH_SIZE, runNextBatch } from "./import-batches.js";
import { stageImport, type StageInput } from "./import-staging.js";

/** Two writers keep PostgreSQL busy while one of them waits on the network or on Node. */
const DEFAULT_CONCURRENCY = 2;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface RunImportOptions {
  /** Stop after this long (the job re-enqueues itself); the batch under way finishes first. @default unlimited */
  budgetMs?: number;
  /** @default 500 */
  batchSize?: number;
  /**
   * Batches written at once, each on its own connection (PGlite, with one connection, runs them in turn).
   * @default 2
   */
  concurrency?: number;
  /** Called after each batch with the import as it stands (the CLI's progress bar). */
  onProgress?: (progress: CatalogImport) => void;
}

/**
 * Bulk import of catalog entities with their attributes, variants, prices and stock: staged and
 * validated while the upload streams in, then written in batches by the `catalog-import/run` job (or
 * by `runImport` directly, as `uc catalog import` does). Writes go through the catalog's, pricing's and
 * inventory's bulk operations; this module owns only its progress tables.
 */
export function createCatalogImportService({
  database,
  events,
  services,
}: Pick<ServiceContext, "database" | "events" | "services">) {
  const deps = { database, events, services };

  async function getImport(organizationId: string, id: string): Promise<CatalogImport> {
    if (!UUID.test(id)) throw importErrors.importNotFound();
    const scope = importScope(database.db, organizationId);
    const row = await scope.selectFrom("catalogImports").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw importErrors.importNotFound();
    const errors = await scope
      .selectFrom("catalogImportErrors")
      .select(["line", "reason"])
      .where("importId", "=", id)
      .orderBy("line")
      .limit(MAX_KEPT_ERRORS)
      .execute();
    return {
      id: row.id,
      status: row.status,
      format: row.format,
      filename: row.filename,
      rowsTotal: row.rowsTotal,
      rowsDone: row.rowsDone,
      created: row.created,
      updated: row.updated,
      failed: row.failed,
      errors,
      ignoredColumns: row.ignoredColumns as unknown as string[],
      createdAt: row.createdAt.toISOString(),
      startedAt: row.startedAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  }

  return {
    /** Reads, validates and stages an upload, then queues its job; answers the import (`queued`). */
    async startImport(organizationId: string, input: Omit<StageInput, "organizationId">): Promise<CatalogImport> {
      const id = await stageImport(deps, { ...input, organizationId });
      return getImport(organizationId, id);
    },

    /** An import of the organization with its first 1,000 refused rows; 404 for another organization's. */
    getImport,

    /**
     * Writes the import's remaining batches, `concurrency` at a time on separate connections (disjoint
     * rows: each batch claims its own), within `budgetMs`; answers the import as it then stands.
     */
    async runImport(organizationId: string, id: string, options: RunImportOptions = {}): Promise<CatalogImport> {
      const startedAt = Date.now();
      let isAnalyzing = false;
      const runner = async () => {
        const cursor = { after: 0 };
        for (;;) {
          const state = await runNextBatch(deps, organizationId, id, options.batchSize ?? DEFAULT_BATCH_SIZE, cursor);
          // Statistics follow the catalog as it grows: one runner refreshes them while the others write on.
          if (!isAnalyzing) {
            isAnalyzing = true;
            await analyzeGrownTables(database.db).finally(() => (isAnalyzing = false));
          }
          if (options.onProgress) options.onProgress(await getImport(organizationId, id));
          if (state === "done") return;
          if (options.budgetMs !== undefined && Date.now() - startedAt >= options.budgetMs) return;
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY) }, runner));
      return getImport(organizationId, id);
    },
  };
}

export type CatalogImportService = ReturnType<typeof createCatalogImportService>;

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.catalogImport` too.
declare module "../../kernel/services.js" {
  interface Services {
    catalogImport: CatalogImportService;
  }
}

declare module "../../kernel/domain-events.js" {
  interface DomainEvents extends EventPayloadsOf<typeof catalogImportEvents> {}
}
