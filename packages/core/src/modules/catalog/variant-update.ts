import type { z } from "zod";
import { isUuid } from "../../db/is-uuid.js";
import type { Actor } from "../../kernel/actor.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import { catalogScope, emitCatalogEvent, requireEntity, touchEntity, type CatalogContext } from "./catalog-context.js";
import { asSkuTaken, catalogErrors } from "./catalog-errors.js";
import type { updateVariantInput } from "./catalog-schemas.js";
import { toVariant, VARIANT_COLUMNS, type Variant } from "./variant-types.js";

/** What `updateVariant` takes: a patch, the input of the route's body schema. */
export type UpdateVariantInput = z.input<typeof updateVariantInput>;

/** Patches one variant: its SKU, metadata and position (its option values make it what it is and stay). */
export function createVariantUpdateOperations(context: CatalogContext) {
  return {
    /**
     * A patch of a variant of the entity, in one transaction with its `catalog.update` event (and so its
     * audit entry). The entity's `revision` (cached includes) moves by the variants table's trigger, its
     * list generation (page anchors) by `touchEntity`; search indexes no SKU, and reindexes on the event.
     */
    async updateVariant(
      organizationId: string,
      idOrSlug: string,
      variantId: string,
      input: UpdateVariantInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<Variant> {
      return inTransaction(context.database, options, async (trx) => {
        // The entity's row lock serializes this with the other writers of its variants.
        const entity = await requireEntity(trx, organizationId, idOrSlug, { lock: true });
        // Not a UUID names no variant: a 404, never a cast error from the uuid column.
        if (!isUuid(variantId)) throw catalogErrors.variantNotFound();
        const scope = catalogScope(trx, organizationId);
        const current = await scope
          .selectFrom("catalogVariants")
          .select(VARIANT_COLUMNS)
          .where("id", "=", variantId)
          .where("entityId", "=", entity.id)
          .executeTakeFirst();
        if (!current) throw catalogErrors.variantNotFound();
        const before = toVariant(current);
        const patch = {
          ...(input.sku === undefined ? {} : { sku: input.sku }),
          ...(input.metadata === undefined ? {} : { metadata: JSON.stringify(input.metadata) }),
          ...(input.position === undefined ? {} : { position: input.position }),
        };
        // An empty patch changes nothing, so it writes and announces nothing.
        if (Object.keys(patch).length === 0) return before;
        let row: typeof current;
        try {
          row = await scope
            .updateTable("catalogVariants")
            .set(patch)
            .where("id", "=", current.id)
            .returning(VARIANT_COLUMNS)
            .executeTakeFirstOrThrow();
        } catch (error) {
          // The index, not a read before the write, decides: two concurrent updates cannot both take one SKU.
          throw asSkuTaken(error, input.sku);
        }
        const variant = toVariant(row);
        await touchEntity(trx, organizationId, entity.id);
        await emitCatalogEvent(context, trx, {
          organizationId,
          type: "catalog.update",
          entityId: entity.id,
          payload: { change: "variantUpdated", before: { variant: before }, after: { variant } },
          actor,
        });
        return variant;
      });
    },
  };
}
