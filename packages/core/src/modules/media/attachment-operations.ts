import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { tenantScope } from "../../db/tenant-scope.js";
import { AppError } from "../../kernel/app-error.js";
import type { Actor } from "../../kernel/actor.js";
import type { ServiceContext } from "../../kernel/contexts.js";
import type { attachMediaInput, mediaAttachmentSchema } from "./media-schemas.js";
import type { MediaTables } from "./media-tables.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import { canSeeUnpublished } from "../catalog/index.js";
import { canReadPrivateMedia } from "./media-visibility.js";

/** An asset attached to an entity (variantId null) or to one of its variants. */
export type MediaAttachment = z.output<typeof mediaAttachmentSchema>;

/** What `attach` takes: the input of the route's body schema. */
export type AttachInput = z.input<typeof attachMediaInput>;

/** The columns of an attachment's answer. */
export const ATTACHMENT_COLUMNS = [
  "id",
  "mediaAssetId",
  "entityId",
  "variantId",
  "role",
  "sortOrder",
  "createdAt",
] as const;

export function createAttachmentOperations(
  { database, events, services }: Pick<ServiceContext, "database" | "events" | "services">,
  { publicRoles }: { publicRoles: ReadonlySet<string> },
) {
  const db = database.db.withTables<MediaTables>();
  const attachmentsOf = async (organizationId: string, entityIds: readonly string[], options?: TxOptions) => {
    if (entityIds.length === 0) return [];
    return tenantScope(options?.trx?.withTables<MediaTables>() ?? db, organizationId)
      .selectFrom("mediaAttachments")
      .innerJoin("mediaAssets", "mediaAssets.id", "mediaAttachments.mediaAssetId")
      .select([
        "mediaAttachments.id",
        "mediaAttachments.mediaAssetId",
        "mediaAttachments.entityId",
        "mediaAttachments.variantId",
        "mediaAttachments.role",
        "mediaAttachments.sortOrder",
        "mediaAssets.mimeType",
        "mediaAssets.alt",
        "mediaAssets.origin",
      ])
      .where("mediaAttachments.entityId", "in", entityIds)
      .orderBy("mediaAttachments.sortOrder")
      .orderBy("mediaAttachments.createdAt")
      .execute();
  };
  return {
    /** Attaches once per level: a second attachment of the asset to the same entity or variant is a 409. */
    async attach(
      organizationId: string,
      input: AttachInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<MediaAttachment> {
      return inTransaction(database, options, async (trx) => {
        await services.catalog.requireSaleTarget(organizationId, input, { trx });
        const scope = tenantScope(trx.withTables<MediaTables>(), organizationId);
        const asset = await scope
          .selectFrom("mediaAssets")
          .select("id")
          .where("id", "=", input.mediaAssetId)
          .executeTakeFirst();
        if (!asset) throw AppError.notFound("Media asset");
        const row = await scope
          .insertInto("mediaAttachments", {
            id: randomUUID(),
            mediaAssetId: input.mediaAssetId,
            entityId: input.entityId,
            variantId: input.variantId ?? null,
            role: input.role,
            sortOrder: input.sortOrder ?? 0,
          })
          .returning(ATTACHMENT_COLUMNS)
          .executeTakeFirstOrThrow();
        const attachment = { ...row, createdAt: row.createdAt.toISOString() };
        await events.emit(
          {
            organizationId,
            type: "catalog.update",
            entityType: "catalogEntity",
            entityId: input.entityId,
            payload: { change: "mediaAttached", after: attachment },
            actor,
          },
          { trx },
        );
        return attachment;
      });
    },

    /**
     * Every attachment of a page of entities with its asset, whatever its role: for modules that serve
     * files under their own rules (a paid order's downloads). Never answer these to a caller as they are.
     */
    attachmentsOf,

    /**
     * The attachments `actor` may see, for the catalog's `media` include: all of them for `media:write`,
     * else only those in a public role (`media.publicRoles`): a download file or a private document of an
     * entity the caller reads stays unlisted.
     */
    async visibleAttachmentsOf(
      organizationId: string,
      entityIds: readonly string[],
      actor: Actor | null,
      options?: TxOptions,
    ) {
      const attachments = await attachmentsOf(organizationId, entityIds, options);
      return canReadPrivateMedia(actor)
        ? attachments
        : attachments.filter((attachment) => publicRoles.has(attachment.role));
    },

    /**
     * Whether `actor` may read the asset: with `media:write` always; otherwise only when it is attached
     * in a public role to an entity the actor may read (published, or any with catalog:read:unpublished).
     * An unattached upload, a download file or a vendor's document is not public.
     */
    async isReadableBy(
      organizationId: string,
      assetId: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<boolean> {
      if (canReadPrivateMedia(actor)) return true;
      if (publicRoles.size === 0) return false;
      const rows = await tenantScope(options?.trx?.withTables<MediaTables>() ?? db, organizationId)
        .selectFrom("mediaAttachments")
        .select("entityId")
        .where("mediaAssetId", "=", assetId)
        .where("role", "in", [...publicRoles])
        .execute();
      if (rows.length === 0) return false;
      if (canSeeUnpublished(actor)) return true;
      // Publication is the entity's, for an attachment to one of its variants too.
      const items = await services.catalog.describeSaleItems(
        organizationId,
        rows.map((row) => ({ entityId: row.entityId })),
        options,
      );
      return [...items.values()].some((item) => item.status === "active");
    },

    /** Drops the attachments of a deleted entity (catalog.delete, same transaction). */
    async detachEntity(organizationId: string, entityId: string, { trx }: Required<TxOptions>): Promise<void> {
      await tenantScope(trx.withTables<MediaTables>(), organizationId)
        .deleteFrom("mediaAttachments")
        .where("entityId", "=", entityId)
        .execute();
    },
  };
}
