import { isWriteCollision } from "../../db/is-write-collision.js";
import type { Transaction } from "kysely";
import { sql } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import type { Actor } from "../../kernel/actor.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import type { EventBus } from "../../kernel/event-bus.js";
import type { BulkEntityInput } from "../catalog/index.js";
import type { BulkPriceInput } from "../pricing/index.js";
import type { BulkStockInput } from "../inventory/index.js";
import type { ImportEntity } from "./catalog-import-schemas.js";
import { importScope, MAX_KEPT_ERRORS } from "./catalog-import-tables.js";

/** Entities per batch: one short transaction each, so storefront reads never wait long behind an import. @default 500 */
export const DEFAULT_BATCH_SIZE = 500;

export interface BatchDeps {
  database: DatabaseAccess;
  services: Services;
  events: EventBus;
}

type StagedRow = { line: number; entity: ImportEntity };

/** A batch's write found rows it must refuse after writing others: roll back and write again without them. */
class RefusedAfterWrite extends Error {
  constructor(readonly refused: Map<number, string>) {
    super("rows refused after the batch's writes");
  }
}

/** What one batch did, added to the import's counters in its transaction. */
interface BatchOutcome {
  created: number;
  updated: number;
  refused: Map<number, string>;
}

/**
 * Writes the next batch of an import in one transaction: it claims staged rows (`for update skip
 * locked`, so several runners take disjoint batches at once), writes them through the catalog's,
 * pricing's and inventory's bulk operations, emits one `catalog.import` event (and so one audit entry
 * and one search reindex of the batch's entities), deletes the rows it consumed and adds to the
 * counters. A row refused after others were written (stock below what is reserved) rolls the batch back
 * and it is written again without that row, so a refused row changes nothing. An unexpected failure (a
 * concurrent writer taking a SKU) falls back to one transaction per row, so one bad row cannot stall
 * the import. Answers whether rows may remain.
 */
export async function runNextBatch(
  deps: BatchDeps,
  organizationId: string,
  importId: string,
  batchSize = DEFAULT_BATCH_SIZE,
  cursor: ClaimCursor = { after: 0 },
): Promise<"more" | "done"> {
  const refused = new Map<number, string>();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const state = await deps.database.transaction((trx) =>
        writeBatch(deps, trx, { organizationId, importId, batchSize, refused, cursor }),
      );
      // Nothing after the cursor: look once from the start, for rows another runner gave back (rolled back).
      if (state === "done" && cursor.after > 0) {
        cursor.after = 0;
        return "more";
      }
      return state;
    } catch (error) {
      if (!(error instanceof RefusedAfterWrite)) return writeRowByRow(deps, organizationId, importId, batchSize);
      for (const [line, reason] of error.refused) refused.set(line, reason);
    }
  }
  return writeRowByRow(deps, organizationId, importId, batchSize);
}

/**
 * Where a runner's next claim starts: after the last line it wrote. Consumed rows are deleted, and a
 * claim from the first line would walk every dead index entry they left before vacuum reaches them
 * (quadratic over 100,000 rows); starting after the cursor keeps each claim short.
 */
export interface ClaimCursor {
  after: number;
}

async function readImport(trx: Transaction<CoreTables>, organizationId: string, importId: string) {
  return importScope(trx, organizationId)
    .selectFrom("catalogImports")
    .select(["status", "failed", "actor"])
    .where("id", "=", importId)
    .executeTakeFirst();
}

/** Staged rows no other runner holds, in line order; `line` narrows the claim to one row. */
async function claimRows(
  trx: Transaction<CoreTables>,
  organizationId: string,
  importId: string,
  limit: number,
  at: { line?: number; after?: number } = {},
): Promise<StagedRow[]> {
  let query = importScope(trx, organizationId)
    .selectFrom("catalogImportRows")
    .select(["line", "entity"])
    .where("importId", "=", importId);
  if (at.line !== undefined) query = query.where("line", "=", at.line);
  if (at.after) query = query.where("line", ">", at.after);
  const rows = await query.orderBy("line").limit(limit).forUpdate().skipLocked().execute();
  return rows.map((row) => ({ line: row.line, entity: row.entity as unknown as ImportEntity }));
}

const isOpen = (status: string | undefined) => status === "queued" || status === "running";

async function writeBatch(
  deps: BatchDeps,
  trx: Transaction<CoreTables>,
  input: {
    organizationId: string;
    importId: string;
    batchSize: number;
    refused: Map<number, string>;
    cursor: ClaimCursor;
  },
): Promise<"more" | "done"> {
  const { organizationId, importId } = input;
  const current = await readImport(trx, organizationId, importId);
  if (!current || !isOpen(current.status)) return "done";
  const rows = await claimRows(trx, organizationId, importId, input.batchSize, { after: input.cursor.after });
  if (rows.length === 0) {
    if (input.cursor.after === 0) await finish(trx, organizationId, importId);
    return "done";
  }
  const actor = (current.actor as Actor | null) ?? null;
  const outcome = await writeRows(deps, trx, { organizationId, importId, actor, rows, refused: input.refused });
  await record(trx, {
    organizationId,
    importId,
    lines: rows.map((row) => row.line),
    outcome,
    keptErrors: current.failed,
  });
  // Moved on only once this transaction's work is done; a rollback leaves the runner's cursor where it was.
  input.cursor.after = (rows.at(-1) as StagedRow).line;
  return "more";
}

/** Writes rows (minus those already refused) through the owning modules' bulk operations. */
async function writeRows(
  deps: BatchDeps,
  trx: Transaction<CoreTables>,
  input: {
    organizationId: string;
    importId: string;
    actor: Actor | null;
    rows: StagedRow[];
    refused: Map<number, string>;
  },
): Promise<BatchOutcome> {
  const { organizationId, actor } = input;
  const refused = new Map(input.refused);
  const codes = input.rows.flatMap(({ entity }) =>
    [...(entity.stock ?? []), ...entity.variants.flatMap((variant) => variant.stock ?? [])].map(
      (level) => level.warehouse,
    ),
  );
  const warehouses =
    codes.length > 0
      ? await deps.services.inventory.warehouseIdsByCode(organizationId, codes, { trx })
      : new Map<string, string>();
  for (const { line, entity } of input.rows) {
    const unknown =
      codes.length > 0
        ? [...(entity.stock ?? []), ...entity.variants.flatMap((variant) => variant.stock ?? [])].find(
            (level) => !warehouses.has(level.warehouse),
          )
        : undefined;
    if (unknown && !refused.has(line)) refused.set(line, `no warehouse with code ${unknown.warehouse}`);
  }
  const accepted = input.rows.filter((row) => !refused.has(row.line));
  const results = await deps.services.catalog.upsertEntitiesInBulk(
    organizationId,
    accepted.map(({ entity }) => toBulkEntity(entity)),
    actor,
    { trx },
  );
  const prices: BulkPriceInput[] = [];
  const levels: (BulkStockInput & { line: number })[] = [];
  const created: string[] = [];
  const updated: string[] = [];
  const changed: string[] = [];
  results.forEach((result, index) => {
    const { line, entity } = accepted[index] as StagedRow;
    if (result.isRefused) {
      refused.set(line, result.reason);
      return;
    }
    (result.isCreated ? created : updated).push(result.entityId);
    if (result.isChanged) changed.push(result.entityId);
    const targets = [
      { variantId: null, prices: entity.prices, stock: entity.stock },
      ...entity.variants.map((variant, position) => ({
        variantId: result.variantIds[position] as string,
        prices: variant.prices,
        stock: variant.stock,
      })),
    ];
    for (const target of targets) {
      for (const price of target.prices ?? [])
        prices.push({
          entityId: result.entityId,
          variantId: target.variantId,
          currency: price.currency,
          amount: price.amount,
        });
      for (const level of target.stock ?? []) {
        levels.push({
          line,
          entityId: result.entityId,
          variantId: target.variantId,
          warehouseId: warehouses.get(level.warehouse) as string,
          onHand: level.onHand,
        });
      }
    }
  });
  const stock = await deps.services.inventory.setStockLevels(organizationId, levels, actor, {
    trx,
    note: `import ${input.importId}`,
  });
  if (stock.refused.length > 0) {
    throw new RefusedAfterWrite(
      new Map(stock.refused.map(({ index, reason }) => [(levels[index] as { line: number }).line, reason])),
    );
  }
  const priced = await deps.services.pricing.setPricesInBulk(organizationId, prices, { trx });
  const lastLine = (input.rows.at(-1) as StagedRow).line;
  if (created.length + updated.length > 0) {
    // One event per batch, not per row: one audit entry and one search reindex for up to 500 entities.
    // Webhook endpoints subscribed to catalog.import receive the ids; catalog.create/update are not sent for imported rows.
    // `entityIds` names the entities whose catalog rows changed (what search reindexes): a re-run of an unchanged file reindexes nothing.
    await deps.events.emit(
      {
        organizationId,
        type: "catalog.import",
        entityType: "catalogImport",
        entityId: input.importId,
        payload: {
          importId: input.importId,
          lines: { from: (input.rows[0] as StagedRow).line, to: lastLine },
          created,
          updated,
          entityIds: changed,
          pricesWritten: priced,
          stockRowsChanged: stock.changed,
        },
        actor,
      },
      { trx },
    );
  }
  return { created: created.length, updated: updated.length, refused };
}

function toBulkEntity(entity: ImportEntity): BulkEntityInput {
  return {
    slug: entity.slug,
    type: entity.type,
    status: entity.status,
    metadata: entity.metadata,
    attributes: entity.attributes,
    variants: entity.variants.map((variant) => ({
      sku: variant.sku ?? null,
      options: variant.options,
      metadata: variant.metadata,
    })),
  };
}

/** Adds a batch's outcome to the import's counters and deletes the rows it consumed. */
async function record(
  trx: Transaction<CoreTables>,
  input: { organizationId: string; importId: string; lines: number[]; outcome: BatchOutcome; keptErrors: number },
): Promise<void> {
  const { organizationId, importId, outcome } = input;
  const scope = importScope(trx, organizationId);
  // Concurrent runners read `failed` before each other's commits: the cap is kept to within a batch.
  const errors = [...outcome.refused]
    .sort(([a], [b]) => a - b)
    .slice(0, Math.max(0, MAX_KEPT_ERRORS - input.keptErrors))
    .map(([line, reason]) => ({ importId, line, reason }));
  if (errors.length > 0) await scope.insertInto("catalogImportErrors", errors).execute();
  await scope
    .deleteFrom("catalogImportRows")
    .where("importId", "=", importId)
    .where("line", "in", input.lines)
    .execute();
  const done = outcome.created + outcome.updated + outcome.refused.size;
  // Last, so the import row is locked only for the commit: concurrent batches queue here, not earlier.
  await scope
    .updateTable("catalogImports")
    .set({
      status: "running",
      startedAt: sql<Date>`coalesce(started_at, now())`,
      rowsDone: sql<number>`rows_done + ${done}`,
      created: sql<number>`created + ${outcome.created}`,
      updated: sql<number>`updated + ${outcome.updated}`,
      failed: sql<number>`failed + ${outcome.refused.size}`,
    })
    .where("id", "=", importId)
    .execute();
}

/** Completes the import once no staged row is left; rows other runners are still writing count as left. */
async function finish(trx: Transaction<CoreTables>, organizationId: string, importId: string): Promise<void> {
  await importScope(trx, organizationId)
    .updateTable("catalogImports")
    .set({ status: "completed", finishedAt: new Date() })
    .where("id", "=", importId)
    .where("status", "in", ["queued", "running"])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("catalogImportRows").select("line").where("catalogImportRows.importId", "=", importId))),
    )
    .execute();
}

/** The fallback after an unexpected failure: each row of the next batch in its own transaction, a failing one refused with the database's reason. */
async function writeRowByRow(
  deps: BatchDeps,
  organizationId: string,
  importId: string,
  batchSize: number,
): Promise<"more" | "done"> {
  const pending = await deps.database.transaction(async (trx) => {
    const current = await readImport(trx, organizationId, importId);
    return isOpen(current?.status) ? claimRows(trx, organizationId, importId, batchSize) : [];
  });
  if (pending.length === 0) return runNextBatch(deps, organizationId, importId, batchSize);
  for (const { line } of pending) {
    const refused = new Map<number, string>();
    let collisions = 0;
    for (;;) {
      try {
        await deps.database.transaction(async (trx) => {
          const current = await readImport(trx, organizationId, importId);
          const [row] = isOpen(current?.status) ? await claimRows(trx, organizationId, importId, 1, { line }) : [];
          if (!row || !current) return;
          const outcome = await writeRows(deps, trx, {
            organizationId,
            importId,
            actor: (current.actor as Actor | null) ?? null,
            rows: [row],
            refused,
          });
          await record(trx, { organizationId, importId, lines: [line], outcome, keptErrors: current.failed });
        });
        break;
      } catch (error) {
        // Another import writing the same rows at once (same slug or SKU) collides without either being
        // wrong: tried again after a short, jittered wait, the upsert finds the committed row. Only what
        // still fails then (a SKU another entity owns, say) is refused.
        if (isWriteCollision(error) && !refused.has(line) && collisions < MAX_ROW_COLLISIONS) {
          collisions += 1;
          await sleep(5 * 2 ** collisions + Math.random() * 10);
          continue;
        }
        // The pass that records the refusal failed too: the row stays staged for a later claim.
        if (refused.has(line)) break;
        refused.set(
          line,
          error instanceof RefusedAfterWrite
            ? (error.refused.get(line) ?? "refused")
            : `could not be written: ${(error as Error).message}`,
        );
      }
    }
  }
  return "more";
}

/** Times one row of the row-by-row fallback is tried again after colliding with a concurrent writer. */
const MAX_ROW_COLLISIONS = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
