import { randomUUID } from "node:crypto";
import type { Selectable, Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { pageOffset, type PaginationQuery } from "../../http/pagination.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { inventoryScope, type InventoryContext } from "./inventory-context.js";
import { inventoryErrors } from "./inventory-errors.js";
import type { warehouseSchema } from "./inventory-schemas.js";
import type { InventoryTables } from "./inventory-tables.js";

/** A place stock is kept. */
export type Warehouse = z.output<typeof warehouseSchema>;

/** Code of the warehouse created on first need when a request names none. */
export const DEFAULT_WAREHOUSE_CODE = "default";

const toWarehouse = (
  row: Pick<Selectable<InventoryTables["inventoryWarehouses"]>, "id" | "name" | "code" | "createdAt">,
): Warehouse => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function requireWarehouse(
  db: Parameters<typeof inventoryScope>[0],
  organizationId: string,
  id: string,
): Promise<Warehouse> {
  const row = await inventoryScope(db, organizationId)
    .selectFrom("inventoryWarehouses")
    .select(["id", "name", "code", "createdAt"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw inventoryErrors.warehouseNotFound();
  return toWarehouse(row);
}

/** The warehouse a request without one uses: the organization's oldest, or a `default` one made now. */
export async function defaultWarehouse(trx: Transaction<CoreTables>, organizationId: string): Promise<Warehouse> {
  const scope = inventoryScope(trx, organizationId);
  const oldest = async () =>
    scope
      .selectFrom("inventoryWarehouses")
      .select(["id", "name", "code", "createdAt"])
      .orderBy("createdAt")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
  const found = await oldest();
  if (found) return toWarehouse(found);
  await scope
    .insertInto("inventoryWarehouses", { id: randomUUID(), name: "Default", code: DEFAULT_WAREHOUSE_CODE })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return toWarehouse((await oldest()) as NonNullable<Awaited<ReturnType<typeof oldest>>>);
}

export function createWarehouseOperations(context: InventoryContext) {
  return {
    async createWarehouse(
      organizationId: string,
      input: { name: string; code: string },
      options?: TxOptions,
    ): Promise<Warehouse> {
      const db = options?.trx ?? context.db;
      const row = { id: randomUUID(), name: input.name, code: input.code };
      await inventoryScope(db, organizationId).insertInto("inventoryWarehouses", row).execute();
      return requireWarehouse(db, organizationId, row.id);
    },
    /** One warehouse of the organization; another's, or none, is a 404. */
    getWarehouse: (organizationId: string, id: string, options?: TxOptions): Promise<Warehouse> =>
      requireWarehouse(options?.trx ?? context.db, organizationId, id),
    async listWarehouses(
      organizationId: string,
      query: PaginationQuery,
      options?: TxOptions,
    ): Promise<{ items: Warehouse[]; total: number }> {
      const db = options?.trx ?? context.db;
      const select = inventoryScope(db, organizationId).selectFrom("inventoryWarehouses");
      const [rows, counted] = await Promise.all([
        select
          .select(["id", "name", "code", "createdAt"])
          .orderBy("createdAt")
          .orderBy("id")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        select.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst(),
      ]);
      return { items: rows.map(toWarehouse), total: Number(counted?.count ?? 0) };
    },
  };
}
