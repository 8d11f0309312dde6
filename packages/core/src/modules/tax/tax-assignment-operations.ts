import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { AppError } from "../../kernel/app-error.js";
import type { Actor } from "../../kernel/actor.js";
import { taxErrors, taxScope, type TaxClassAssignment, type TaxContext } from "./tax-context.js";

export interface AssignTaxClassInput {
  entityId: string;
  variantId?: string | null | undefined;
  /** Null removes the assignment. */
  taxClassId: string | null;
}

const toAssignment = (row: { entityId: string; variantId: string | null; taxClassId: string; updatedAt: Date }): TaxClassAssignment => ({ ...row, updatedAt: row.updatedAt.toISOString() });

/**
 * The tax module keeps which class taxes an entity or a variant in its own table (the catalog knows
 * nothing of tax); entities and variants are checked through `services.catalog`.
 */
export function createTaxAssignmentOperations(context: TaxContext) {
  return {
    async assignTaxClass(organizationId: string, input: AssignTaxClassInput, actor: Actor | null): Promise<TaxClassAssignment | null> {
      const variantId = input.variantId ?? null;
      const existing = await context.services.catalog.existingEntityIds(organizationId, [input.entityId]);
      if (!existing.has(input.entityId)) throw AppError.notFound("Catalog entity");
      if (variantId) await context.services.catalog.requireVariant(organizationId, input.entityId, variantId);
      return context.database.transaction(async (trx) => {
        const scope = taxScope(trx, organizationId);
        let assignment: TaxClassAssignment | null = null;
        if (input.taxClassId === null) {
          await scope.deleteFrom("taxClassAssignments").where("entityId", "=", input.entityId).where(sql<boolean>`variant_id is not distinct from ${variantId}`).execute();
        } else {
          const found = await scope.selectFrom("taxClasses").select("id").where("id", "=", input.taxClassId).executeTakeFirst();
          if (!found) throw taxErrors.classNotFound();
          const row = await scope
            .insertInto("taxClassAssignments", { id: randomUUID(), entityId: input.entityId, variantId, taxClassId: input.taxClassId })
            .onConflict((oc) => oc.constraint("tax_class_assignments_target_unique").doUpdateSet({ taxClassId: input.taxClassId as string, updatedAt: new Date() }))
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
            payload: { change: input.taxClassId === null ? "assignmentRemoved" : "assignmentSet", variantId, taxClassId: input.taxClassId },
            actor,
          },
          { trx },
        );
        return assignment;
      });
    },

    async listAssignments(organizationId: string, entityId: string): Promise<TaxClassAssignment[]> {
      const rows = await taxScope(context.db, organizationId)
        .selectFrom("taxClassAssignments")
        .select(["entityId", "variantId", "taxClassId", "updatedAt"])
        .where("entityId", "=", entityId)
        .orderBy("variantId", (ob) => ob.nullsFirst())
        .execute();
      return rows.map(toAssignment);
    },

    /** Removes the assignments of a deleted entity (catalog.delete, same transaction). */
    async removeEntityAssignments(trx: Transaction<CoreTables>, organizationId: string, entityId: string): Promise<void> {
      await taxScope(trx, organizationId).deleteFrom("taxClassAssignments").where("entityId", "=", entityId).execute();
    },
  };
}
