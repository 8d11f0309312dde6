import type { z } from "zod";
import { tenantScope } from "../../db/tenant-scope.js";
import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import type { ServiceContext } from "../../kernel/contexts.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import { ATTACHMENT_COLUMNS, type MediaAttachment } from "./attachment-operations.js";
import type { reorderAttachmentsInput } from "./media-schemas.js";
import type { MediaTables } from "./media-tables.js";

/** What `reorderAttachments` takes: the route's body. */
export type ReorderInput = z.output<typeof reorderAttachmentsInput>;

/** The order of an entity's (or a variant's) attachments, and detaching one without deleting its asset. */
export function createAttachmentOrdering({
  database,
  events,
  services,
}: Pick<ServiceContext, "database" | "events" | "services">) {
  return {
    /**
     * Gives the attachments of one level (the entity, or one variant) the order listed: `sortOrder` 0, 1, 2…
     * The list must name each of them once (422 otherwise), so two editors never leave a half-applied order.
     */
    async reorderAttachments(
      organizationId: string,
      input: ReorderInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<MediaAttachment[]> {
      return inTransaction(database, options, async (trx) => {
        await services.catalog.requireSaleTarget(organizationId, input, { trx });
        const scope = tenantScope(trx.withTables<MediaTables>(), organizationId);
        const variantId = input.variantId ?? null;
        const current = await scope
          .selectFrom("mediaAttachments")
          .select("id")
          .where("entityId", "=", input.entityId)
          .where((eb) => (variantId === null ? eb("variantId", "is", null) : eb("variantId", "=", variantId)))
          .forUpdate()
          .execute();
        const currentIds = new Set(current.map((row) => row.id));
        if (currentIds.size !== input.attachmentIds.length || !input.attachmentIds.every((id) => currentIds.has(id)))
          throw AppError.validation([
            { path: "body.attachmentIds", message: "must list every attachment of that entity (or variant) once" },
          ]);
        const ordered: MediaAttachment[] = [];
        for (const [index, id] of input.attachmentIds.entries()) {
          const row = await scope
            .updateTable("mediaAttachments")
            .set({ sortOrder: index })
            .where("id", "=", id)
            .returning(ATTACHMENT_COLUMNS)
            .executeTakeFirstOrThrow();
          ordered.push({ ...row, createdAt: row.createdAt.toISOString() });
        }
        await events.emit(
          {
            organizationId,
            type: "catalog.update",
            entityType: "catalogEntity",
            entityId: input.entityId,
            payload: { change: "mediaReordered", variantId, attachmentIds: input.attachmentIds },
            actor,
          },
          { trx },
        );
        return ordered;
      });
    },

    /** Removes one attachment; the asset stays in the library (DELETE /media/:id removes it everywhere). */
    async detach(
      organizationId: string,
      attachmentId: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<MediaAttachment> {
      return inTransaction(database, options, async (trx) => {
        const row = await tenantScope(trx.withTables<MediaTables>(), organizationId)
          .deleteFrom("mediaAttachments")
          .where("id", "=", attachmentId)
          .returning(ATTACHMENT_COLUMNS)
          .executeTakeFirst();
        if (!row) throw AppError.notFound("Media attachment");
        const attachment = { ...row, createdAt: row.createdAt.toISOString() };
        await events.emit(
          {
            organizationId,
            type: "catalog.update",
            entityType: "catalogEntity",
            entityId: row.entityId,
            payload: { change: "mediaDetached", before: attachment },
            actor,
          },
          { trx },
        );
        return attachment;
      });
    },
  };
}
