import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { pageOffset, type PaginationQuery } from "../../http/pagination.js";
import type { Actor } from "../../kernel/actor.js";
import type { taxClassBody } from "./tax-schemas.js";
import { TAX_CLASS_COLUMNS, taxErrors, taxScope, toTaxClass, type TaxClass, type TaxContext } from "./tax-context.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";

/** What `createTaxClass` takes (`updateTaxClass` any part of it): the input of the route's body schema. */
export type TaxClassInput = z.input<typeof taxClassBody>;

async function requireClass(
  db: Parameters<typeof taxScope>[0],
  organizationId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<TaxClass> {
  let select = taxScope(db, organizationId).selectFrom("taxClasses").select(TAX_CLASS_COLUMNS).where("id", "=", id);
  if (options.lock) select = select.forUpdate();
  const row = await select.executeTakeFirst();
  if (!row) throw taxErrors.classNotFound();
  return toTaxClass(row);
}

/**
 * Makes `id` the organization's only default class. Writers of one organization's default take a
 * transaction-scoped advisory lock first, so two concurrent switches run one after the other instead of
 * one of them tripping the partial unique index.
 */
async function becomeDefault(trx: Transaction<CoreTables>, organizationId: string, id: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`tax_classes.default:${organizationId}`}))`.execute(trx);
  const scope = taxScope(trx, organizationId);
  await scope
    .updateTable("taxClasses")
    .set({ isDefault: false, updatedAt: new Date() })
    .where("isDefault", "=", true)
    .where("id", "!=", id)
    .execute();
  await scope.updateTable("taxClasses").set({ isDefault: true, updatedAt: new Date() }).where("id", "=", id).execute();
}

export function createTaxClassOperations(context: TaxContext) {
  const emit = (
    trx: Transaction<CoreTables>,
    organizationId: string,
    type: "tax.create" | "tax.update" | "tax.delete",
    taxClass: TaxClass,
    payload: Record<string, unknown>,
    actor: Actor | null,
  ) =>
    context.events.emit(
      { organizationId, type, entityType: "taxClass", entityId: taxClass.id, payload, actor },
      { trx },
    );

  return {
    /** Creates a class; `isDefault` unsets the previous default in the same transaction. A duplicate name is a 409. */
    async createTaxClass(
      organizationId: string,
      input: TaxClassInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<TaxClass> {
      return inTransaction(context.database, options, async (trx) => {
        const id = randomUUID();
        await taxScope(trx, organizationId)
          .insertInto("taxClasses", {
            id,
            name: input.name,
            rateBps: input.rateBps,
            isActive: input.isActive ?? true,
            isDefault: false,
          })
          .execute();
        if (input.isDefault) await becomeDefault(trx, organizationId, id);
        const created = await requireClass(trx, organizationId, id);
        await emit(trx, organizationId, "tax.create", created, { change: "classCreated", after: created }, actor);
        return created;
      });
    },

    async updateTaxClass(
      organizationId: string,
      id: string,
      input: Partial<TaxClassInput>,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<TaxClass> {
      return inTransaction(context.database, options, async (trx) => {
        const before = await requireClass(trx, organizationId, id, { lock: true });
        const { isDefault, ...fields } = input;
        if (Object.keys(fields).length > 0)
          await taxScope(trx, organizationId)
            .updateTable("taxClasses")
            .set({ ...fields, updatedAt: new Date() })
            .where("id", "=", id)
            .execute();
        if (isDefault === true && !before.isDefault) await becomeDefault(trx, organizationId, id);
        if (isDefault === false && before.isDefault)
          await taxScope(trx, organizationId)
            .updateTable("taxClasses")
            .set({ isDefault: false, updatedAt: new Date() })
            .where("id", "=", id)
            .execute();
        const after = await requireClass(trx, organizationId, id);
        await emit(trx, organizationId, "tax.update", after, { change: "classUpdated", before, after }, actor);
        return after;
      });
    },

    /** Deletes a class and its assignments; lines that used it fall through to the next rule. */
    async deleteTaxClass(
      organizationId: string,
      id: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<TaxClass> {
      return inTransaction(context.database, options, async (trx) => {
        const before = await requireClass(trx, organizationId, id, { lock: true });
        await taxScope(trx, organizationId).deleteFrom("taxClasses").where("id", "=", id).execute();
        await emit(trx, organizationId, "tax.delete", before, { change: "classDeleted", before }, actor);
        return before;
      });
    },

    getTaxClass: (organizationId: string, id: string, options?: TxOptions): Promise<TaxClass> =>
      requireClass(options?.trx ?? context.db, organizationId, id),

    async listTaxClasses(
      organizationId: string,
      query: PaginationQuery,
      options?: TxOptions,
    ): Promise<{ items: TaxClass[]; total: number }> {
      const db = options?.trx ?? context.db;
      const select = taxScope(db, organizationId).selectFrom("taxClasses");
      const [rows, counted] = await Promise.all([
        select.select(TAX_CLASS_COLUMNS).orderBy("name").limit(query.limit).offset(pageOffset(query)).execute(),
        select.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst(),
      ]);
      return { items: rows.map(toTaxClass), total: Number(counted?.count ?? 0) };
    },
  };
}
