import type { Selectable } from "kysely";
import type { z } from "zod";
import { tenantScope } from "../../db/tenant-scope.js";
import { type PaginationQuery, pageOffset } from "../../http/pagination.js";
import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import type { ServiceContext } from "../../kernel/contexts.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import type { mediaAssetSchema, updateMediaInput } from "./media-schemas.js";
import type { MediaTables } from "./media-tables.js";

/** A media asset as the API answers it. */
export type MediaAsset = z.output<typeof mediaAssetSchema>;

/** What `updateAsset` takes: the route's body. */
export type UpdateAssetInput = z.output<typeof updateMediaInput>;

/** The columns of an asset's answer (never its storage key). */
export const ASSET_COLUMNS = [
  "id",
  "filename",
  "mimeType",
  "sizeBytes",
  "alt",
  "origin",
  "confidence",
  "derivedFromAssetId",
  "createdBy",
  "createdAt",
] as const;

export type AssetRow = Pick<Selectable<MediaTables["mediaAssets"]>, (typeof ASSET_COLUMNS)[number]>;
/** A row as the API answers it. */
export const toAsset = (row: AssetRow): MediaAsset => ({ ...row, createdAt: row.createdAt.toISOString() });

/** The media library: every asset of an organization, newest first, and the alt text of one. */
export function createAssetEditing({ database, events }: Pick<ServiceContext, "database" | "events">) {
  const db = database.db.withTables<MediaTables>();
  return {
    /** A page of every asset (attached or not, any role): for `media:write` holders only, as it lists private ones. */
    async listAssets(
      organizationId: string,
      query: PaginationQuery,
      options?: TxOptions,
    ): Promise<{ items: MediaAsset[]; total: number }> {
      const select = tenantScope(options?.trx?.withTables<MediaTables>() ?? db, organizationId).selectFrom(
        "mediaAssets",
      );
      const [rows, counted] = await Promise.all([
        select
          .select([...ASSET_COLUMNS])
          .orderBy("createdAt", "desc")
          .orderBy("id")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        select.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst(),
      ]);
      return { items: rows.map(toAsset), total: Number(counted?.count ?? 0) };
    },

    /**
     * Changes an asset's alt text. Every entity it is attached to answers it in its `media` include, so
     * each gets a `catalog.update` (storefront caches and webhooks learn of it), in the same transaction.
     */
    async updateAsset(
      organizationId: string,
      id: string,
      input: UpdateAssetInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<MediaAsset> {
      return inTransaction(database, options, async (trx) => {
        const scope = tenantScope(trx.withTables<MediaTables>(), organizationId);
        const before = await scope.selectFrom("mediaAssets").select("alt").where("id", "=", id).executeTakeFirst();
        if (!before) throw AppError.notFound("Media asset");
        const row = await scope
          .updateTable("mediaAssets")
          .set({ alt: input.alt })
          .where("id", "=", id)
          .returning([...ASSET_COLUMNS])
          .executeTakeFirstOrThrow();
        const attached = await scope
          .selectFrom("mediaAttachments")
          .select("entityId")
          .distinct()
          .where("mediaAssetId", "=", id)
          .execute();
        for (const { entityId } of attached)
          await events.emit(
            {
              organizationId,
              type: "catalog.update",
              entityType: "catalogEntity",
              entityId,
              payload: { change: "mediaAltChanged", mediaAssetId: id, before: before.alt, after: row.alt },
              actor,
            },
            { trx },
          );
        return toAsset(row);
      });
    },
  };
}
