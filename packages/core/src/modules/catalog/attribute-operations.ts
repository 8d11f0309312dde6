import type { Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { AppError } from "../../kernel/app-error.js";
import type { Actor } from "../../kernel/actor.js";
import {
  canSeeUnpublished,
  catalogScope,
  emitCatalogEvent,
  findEntity,
  requireEntity,
  touchEntity,
  type CatalogContext,
} from "./catalog-context.js";
import { catalogErrors } from "./catalog-errors.js";
import type { attributesOutputSchema, localizedAttributesSchema } from "./catalog-schemas.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";

/** Localized attributes of one locale, as written (omitted fields become null). */
export type LocalizedAttributes = z.input<typeof localizedAttributesSchema>;

/** Attributes of one locale as stored and answered. */
export type AttributesRow = z.output<typeof attributesOutputSchema>;

export const ATTRIBUTE_COLUMNS = ["locale", "title", "description", "seoTitle", "seoDescription"] as const;

/** Replaces one locale's attributes (PUT semantics: omitted fields become null). */
export async function writeAttributes(
  trx: Transaction<CoreTables>,
  organizationId: string,
  entityId: string,
  locale: string,
  input: LocalizedAttributes,
): Promise<AttributesRow> {
  const row = {
    locale,
    title: input.title ?? null,
    description: input.description ?? null,
    seoTitle: input.seoTitle ?? null,
    seoDescription: input.seoDescription ?? null,
  };
  await catalogScope(trx, organizationId)
    .insertInto("catalogEntityAttributes", { entityId, ...row })
    .onConflict((oc) =>
      oc.columns(["entityId", "locale"]).doUpdateSet({
        title: row.title,
        description: row.description,
        seoTitle: row.seoTitle,
        seoDescription: row.seoDescription,
        updatedAt: new Date(),
      }),
    )
    .execute();
  return row;
}

export function createAttributeOperations(context: CatalogContext) {
  return {
    async putAttributes(
      organizationId: string,
      idOrSlug: string,
      locale: string,
      input: LocalizedAttributes,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<AttributesRow> {
      return inTransaction(context.database, options, async (trx) => {
        const entity = await requireEntity(trx, organizationId, idOrSlug, { lock: true });
        const before = await catalogScope(trx, organizationId)
          .selectFrom("catalogEntityAttributes")
          .select(ATTRIBUTE_COLUMNS)
          .where("entityId", "=", entity.id)
          .where("locale", "=", locale)
          .executeTakeFirst();
        const after = await writeAttributes(trx, organizationId, entity.id, locale, input);
        await touchEntity(trx, organizationId, entity.id);
        await emitCatalogEvent(context, trx, {
          organizationId,
          type: "catalog.update",
          entityId: entity.id,
          payload: { change: "attributes", locale, before: before ?? null, after },
          actor,
        });
        return after;
      });
    },

    async getAttributes(
      organizationId: string,
      idOrSlug: string,
      locale: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<AttributesRow> {
      const db = options?.trx ?? context.db;
      const entity = await findEntity(db, organizationId, idOrSlug);
      if (!entity || (entity.status !== "active" && !canSeeUnpublished(actor))) throw catalogErrors.entityNotFound();
      const row = await catalogScope(db, organizationId)
        .selectFrom("catalogEntityAttributes")
        .select(ATTRIBUTE_COLUMNS)
        .where("entityId", "=", entity.id)
        .where("locale", "=", locale)
        .executeTakeFirst();
      if (!row) throw new AppError("NOT_FOUND", { message: `No attributes for locale ${locale}` });
      return row;
    },
  };
}
