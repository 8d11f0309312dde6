import { randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { z } from "zod";
import type { Actor } from "../../kernel/actor.js";
import { taxErrors, taxScope, type TaxClassAssignment, type TaxContext } from "./tax-context.js";
import type { assignTaxClassInput } from "./tax-schemas.js";
import type { TaxTables } from "./tax-tables.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";

/** What `assignTaxClass` takes: the input of the route's body schema. */
export type AssignTaxClassInput = z.input<typeof assignTaxClassInput>;

const toAssignment = (
  row: Pick<Selectable<TaxTables["taxClassAssignments"]>, "entityId" | "variantId" | "taxClassId" | "updatedAt">,
): TaxClassAssignment => ({ ...row, updatedAt: row.updatedAt.toISOString() });

/**
 * The tax module keeps which class taxes an entity or a variant in its own table (the catalog knows
 * nothing of tax); entities and variants are checked through `services.catalog`.
 */
export function createTaxAssignmentOperations(context: TaxContext) {
  return {
    async assignTaxClass(
      organizationId: string,
      input: AssignTaxClassInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<TaxClassAssignment | null> {
      const variantId = input.variantId ?? null;
      return inTransaction(context.database, options, async (trx) => {
        await context.services.catalog.requireSaleTarget(
          organizationId,
          { entityId: input.entityId, variantId },
          { trx },
        );
        const scope = taxScope(trx, organizationId);
        let assignment: TaxClassAssignment | null = null;
        if (input.taxClassId === null) {
          await scope
            .deleteFrom("taxClassAssignments")
            .where("entityId", "=", input.entityId)
            .where(sql<boolean>`variant_id is not distinct from ${variantId}`)
            .execute();
        } else {
          const found = await scope
            .selectFrom("taxClasses")
            .select("id")
            .where("id", "=", input.taxClassId)
            .executeTakeFirst();
          if (!found) throw taxErrors.classNotFound();
          const row = await scope
            .insertInto("taxClassAssignments", {
              id: randomUUID(),
              entityId: input.entityId,
              variantId,
              taxClassId: input.taxClassId,
            })
            .onConflict((oc) =>
              oc
                .constraint("tax_class_assignments_target_unique")
                .doUpdateSet({ taxClassId: input.taxClassId as string, updatedAt: new Date() }),
            )
            .returning(["entityId", "variantId", "taxClassId", "updatedAt"])
            .executeTakeFirstOrThrow();
          assignment = toAssignment(row);
        }
        await context.events.emit(
          {
            organizationId,
            type: "tax.update",
            entityType: "taxClassAssignment",
            entityId: input.entityId,
            payload: {
              change: input.taxClassId === null ? "assignmentRemoved" : "assignmentSet",
              variantId,
              taxClassId: input.taxClassId,
            },
            actor,
          },
          { trx },
        );
        return assignment;
      });
    },

    async listAssignments(
      organizationId: string,
      entityId: string,
      options?: TxOptions,
    ): Promise<TaxClassAssignment[]> {
      const db = options?.trx ?? context.db;
      const rows = await taxScope(db, organizationId)
        .selectFrom("taxClassAssignments")
        .select(["entityId", "variantId", "taxClassId", "updatedAt"])
        .where("entityId", "=", entityId)
        .orderBy("variantId", (ob) => ob.nullsFirst())
        .execute();
      return rows.map(toAssignment);
    },

    /** Removes the assignments of a deleted entity (catalog.delete, same transaction). */
    async removeEntityAssignments(
      organizationId: string,
      entityId: string,
      { trx }: Required<TxOptions>,
    ): Promise<void> {
      await taxScope(trx, organizationId).deleteFrom("taxClassAssignments").where("entityId", "=", entityId).execute();
    },
  };
}
