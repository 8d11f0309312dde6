import type { JobRecord } from "./job-record.js";
import { JobsError } from "./jobs-error.js";

/** A field of the job record the claim may order by. */
export type ProcessingOrderField = "createdAt" | "updatedAt" | "attempts" | "taskSlug";

/**
 * The order jobs are claimed and started in: a field and direction (applied in SQL, so it decides which
 * jobs a claim takes), or a deterministic comparator (applied to each claimed batch, which is taken
 * oldest first).
 * @default { field: "createdAt", direction: "asc" }
 */
export type ProcessingOrder =
  | { field: ProcessingOrderField; direction: "asc" | "desc" }
  | ((a: JobRecord, b: JobRecord) => number);

/** The order resolved once: the SQL `order by` of the claim and the comparator for claimed batches. */
export interface ResolvedOrder {
  sql: string;
  compare(a: JobRecord, b: JobRecord): number;
}

const COLUMNS: Record<ProcessingOrderField, string> = {
  createdAt: "created_at",
  updatedAt: "updated_at",
  attempts: "attempts",
  taskSlug: "task_slug",
};

/** Resolves a {@link ProcessingOrder}; ties always fall back to oldest first. */
export function resolveProcessingOrder(order: ProcessingOrder | undefined): ResolvedOrder {
  if (typeof order === "function") return { sql: "created_at asc, seq asc", compare: order };
  const field = order?.field ?? "createdAt";
  const direction = order?.direction ?? "asc";
  const column = COLUMNS[field];
  if (!column || (direction !== "asc" && direction !== "desc"))
    throw new JobsError("INVALID_OPTIONS", `Invalid processingOrder: ${String(field)} ${String(direction)}`);
  const sign = direction === "asc" ? 1 : -1;
  return {
    sql:
      field === "createdAt"
        ? `created_at ${direction}, seq ${direction}`
        : `${column} ${direction}, created_at asc, seq asc`,
    compare: (a, b) =>
      field === "createdAt"
        ? sign * (compareValues(a.createdAt, b.createdAt) || compareValues(a.sequence, b.sequence))
        : sign * compareValues(a[field], b[field]) ||
          compareValues(a.createdAt, b.createdAt) ||
          compareValues(a.sequence, b.sequence),
  };
}

function compareValues(a: Date | number | string, b: Date | number | string): number {
  const left = a instanceof Date ? a.getTime() : a;
  const right = b instanceof Date ? b.getTime() : b;
  if (left < right) return -1;
  return left > right ? 1 : 0;
}
