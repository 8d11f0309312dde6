import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Actor } from "../../kernel/actor.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import { importLines } from "./import-lines.js";
import { readImport, type ImportFormat, type ImportRow } from "./import-rows.js";
import { importScope, MAX_KEPT_ERRORS } from "./catalog-import-tables.js";
import { IMPORT_TASK } from "./import-task.js";

/** Rows per staging INSERT. */
const STAGE_CHUNK = 1_000;

export interface StageInput {
  organizationId: string;
  body: AsyncIterable<Uint8Array>;
  format: ImportFormat;
  filename: string | null;
  actor: Actor | null;
}

/**
 * Reads and validates the upload as it streams in, keeping valid rows in `catalog_import_rows` (in
 * chunks, each its own short statement: nothing is locked while the client uploads) and refused ones as
 * errors with their lines. A slug or SKU given twice in the file is refused on its second line. Once the
 * body is read, the import turns `queued` and its job is enqueued in the same transaction. Answers the
 * import's id; an unreadable body throws before anything is stored, a failure midway marks it `failed`.
 */
export async function stageImport(
  deps: { database: DatabaseAccess; services: Services },
  input: StageInput,
): Promise<string> {
  const { organizationId } = input;
  const { preamble, rows } = await readImport(importLines(input.body), input.format);
  const id = randomUUID();
  const db = deps.database.db;
  await importScope(db, organizationId)
    .insertInto("catalogImports", {
      id,
      status: "receiving",
      format: input.format,
      filename: input.filename,
      ignoredColumns: JSON.stringify(preamble.ignoredColumns),
      actor: input.actor
        ? JSON.stringify({
            id: input.actor.id,
            type: input.actor.type,
            organizationId,
            permissions: input.actor.permissions,
          })
        : null,
    })
    .execute();
  let staged: { line: number; entity: string }[] = [];
  let errors: { line: number; reason: string }[] = [];
  let total = 0;
  let failed = 0;
  const slugLines = new Map<string, number>();
  const skuLines = new Map<string, number>();
  const flush = async () => {
    if (staged.length > 0)
      await importScope(db, organizationId)
        .insertInto(
          "catalogImportRows",
          staged.map((row) => ({ importId: id, ...row })),
        )
        .execute();
    if (errors.length > 0)
      await importScope(db, organizationId)
        .insertInto(
          "catalogImportErrors",
          errors.map((row) => ({ importId: id, ...row })),
        )
        .execute();
    staged = [];
    errors = [];
  };
  const refuse = (row: { line: number; reason: string }) => {
    if (failed < MAX_KEPT_ERRORS) errors.push(row);
    failed += 1;
  };
  try {
    for await (const row of rows) {
      total += 1;
      const duplicate = row.entity ? duplicateOf(row, slugLines, skuLines) : undefined;
      if (row.reason !== undefined) refuse({ line: row.line, reason: row.reason });
      else if (duplicate) refuse({ line: row.line, reason: duplicate });
      else staged.push({ line: row.line, entity: JSON.stringify(row.entity) });
      if (staged.length + errors.length >= STAGE_CHUNK) await flush();
    }
    await flush();
    // Fresh statistics for the staged rows: planned with the estimate of a smaller table, each batch's
    // claim sorted every remaining row (on disk, at 100,000 rows) instead of reading the key in order.
    // By name, not through `analyzeGrownTables`: the activity counters that reads reach the statistics
    // seconds after these inserts, later than the first claim.
    await sql`analyze catalog_import_rows`.execute(db);
    await deps.database.transaction(async (trx) => {
      await importScope(trx, organizationId)
        .updateTable("catalogImports")
        .set({ status: "queued", rowsTotal: total, rowsDone: failed, failed })
        .where("id", "=", id)
        .execute();
      await deps.services.jobs.enqueue(IMPORT_TASK, { importId: id }, { organizationId, trx });
    });
    return id;
  } catch (error) {
    await importScope(db, organizationId).deleteFrom("catalogImportRows").where("importId", "=", id).execute();
    await importScope(db, organizationId)
      .updateTable("catalogImports")
      .set({ status: "failed", finishedAt: new Date() })
      .where("id", "=", id)
      .execute();
    throw error;
  }
}

/** Why a row repeats an earlier one (the same slug, or a SKU already given), remembering its keys otherwise. */
function duplicateOf(
  row: ImportRow,
  slugLines: Map<string, number>,
  skuLines: Map<string, number>,
): string | undefined {
  const entity = row.entity;
  if (!entity) return undefined;
  const slugLine = slugLines.get(entity.slug);
  if (slugLine !== undefined) return `slug ${entity.slug} was given on line ${slugLine} already`;
  for (const variant of entity.variants) {
    const skuLine = variant.sku ? skuLines.get(variant.sku) : undefined;
    if (skuLine !== undefined) return `SKU ${variant.sku as string} was given on line ${skuLine} already`;
  }
  slugLines.set(entity.slug, row.line);
  for (const variant of entity.variants) if (variant.sku) skuLines.set(variant.sku, row.line);
  return undefined;
}
