import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { tenantScope } from "../../db/tenant-scope.js";
import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import type { ServiceContext } from "../../kernel/contexts.js";
import { hasPermission } from "../../kernel/permissions.js";
import { detectFileType } from "./file-type.js";
import { createMediaSigner } from "./media-signing.js";
import { localDiskStorage, type MediaStorage } from "./media-storage.js";
import type { MediaOrigin, MediaTables } from "./media-tables.js";
import { ASSET_COLUMNS, createAssetEditing, type MediaAsset, toAsset } from "./asset-editing.js";
import { createAttachmentOperations } from "./attachment-operations.js";
import { createAttachmentOrdering } from "./attachment-ordering.js";
import { publicRolesOf } from "./media-visibility.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";

/** Default upload limit: 10 MB. */
export const DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024;
/** Default lifetime of a signed URL: 15 minutes. */
export const DEFAULT_SIGNED_URL_TTL_SECONDS = 900;

export type { MediaAsset } from "./asset-editing.js";

export interface CreateAssetInput {
  data: Buffer;
  filename?: string | null;
  alt?: string | null;
  /** REST uploads are always `merchant`; generators and imports call the service directly. */
  origin: MediaOrigin;
  confidence?: number | null;
  derivedFromAssetId?: string | null;
}

export const mediaErrors = {
  assetNotFound: () => AppError.notFound("Media asset"),
  unsupportedType: () =>
    new AppError("UNSUPPORTED_MEDIA_TYPE", {
      message: "The file is not an accepted type (JPEG, PNG, GIF, WebP, AVIF, MP4, PDF), judged by its content",
    }),
  badSignature: () => AppError.forbidden("The signed URL is invalid or has expired"),
};

/** Media: assets in a storage adapter, signed URLs, and attachments to catalog entities and variants. */
export function createMediaService({
  config,
  database,
  events,
  services,
}: Pick<ServiceContext, "config" | "database" | "events" | "services">) {
  const media = config.media ?? {};
  const storage: MediaStorage =
    media.storage ??
    localDiskStorage({ directory: media.directory ?? join(config.database?.dataDir ?? ".data", "media") });
  const signer = createMediaSigner(media.signingSecret);
  const ttl = media.signedUrlTtlSeconds ?? DEFAULT_SIGNED_URL_TTL_SECONDS;
  const db = database.db.withTables<MediaTables>();
  /** The media tables of one organization, on the caller's transaction when given. */
  const scope = (organizationId: string, options: TxOptions | undefined) =>
    tenantScope(options?.trx?.withTables<MediaTables>() ?? db, organizationId);

  const requireStored = async (organizationId: string, id: string, options: TxOptions | undefined) => {
    const row = await scope(organizationId, options)
      .selectFrom("mediaAssets")
      .select([...ASSET_COLUMNS, "storageKey"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw mediaErrors.assetNotFound();
    return row;
  };

  const attachments = createAttachmentOperations(
    { database, events, services },
    { publicRoles: publicRolesOf(media.publicRoles) },
  );
  /** 404, as for an asset that does not exist, when `actor` may not read it (see `isReadableBy`). */
  const requireReadable = async (
    organizationId: string,
    id: string,
    actor: Actor | null,
    options: TxOptions | undefined,
  ) => {
    if (!(await attachments.isReadableBy(organizationId, id, actor, options))) throw mediaErrors.assetNotFound();
  };

  /**
   * Where `GET /media/:id` redirects: a signed link, the storage's public URL, or the file route. It
   * checks no caller: routes call `locateFor`; modules that decided access themselves (a paid order's
   * downloads) call this.
   */
  const locate = async (
    organizationId: string,
    id: string,
    link: { isSigned: boolean },
    options?: TxOptions,
  ): Promise<{ url: string; expiresAt: string | null }> => {
    const row = await requireStored(organizationId, id, options);
    if (link.isSigned) {
      const expires = Math.floor(Date.now() / 1000) + ttl;
      // A storage that signs its own URLs (S3) serves the file itself: no request reaches this server.
      if (storage.signedUrl) {
        return {
          url: await storage.signedUrl(row.storageKey, { expiresInSeconds: ttl, contentType: row.mimeType }),
          expiresAt: new Date(expires * 1000).toISOString(),
        };
      }
      const signature = signer.sign({ organizationId, assetId: id, expires });
      return {
        url: `/api/media/${id}/file?expires=${expires}&signature=${signature}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    }
    return { url: storage.publicUrl?.(row.storageKey) ?? `/api/media/${id}/file`, expiresAt: null };
  };

  return {
    maxFileSize: media.maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
    ...attachments,
    ...createAssetEditing({ database, events }),
    ...createAttachmentOrdering({ database, events, services }),

    /**
     * Stores a file whose type its magic bytes prove (415 otherwise), then its row. The file is written
     * first: a caller's transaction that rolls back leaves an unreferenced file, never a broken link.
     */
    async createAsset(
      organizationId: string,
      input: CreateAssetInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<MediaAsset> {
      const type = detectFileType(input.data);
      if (!type) throw mediaErrors.unsupportedType();
      if (input.derivedFromAssetId) await requireStored(organizationId, input.derivedFromAssetId, options);
      const id = randomUUID();
      const storageKey = `${encodeURIComponent(organizationId)}/${id}.${type.extension}`;
      await storage.put(storageKey, input.data, type.mimeType);
      try {
        await scope(organizationId, options)
          .insertInto("mediaAssets", {
            id,
            storageKey,
            filename: input.filename ?? null,
            mimeType: type.mimeType,
            sizeBytes: input.data.length,
            alt: input.alt ?? null,
            origin: input.origin,
            confidence: input.confidence ?? null,
            derivedFromAssetId: input.derivedFromAssetId ?? null,
            createdBy: actor?.id ?? null,
          })
          .execute();
      } catch (error) {
        await storage.remove(storageKey);
        throw error;
      }
      return toAsset(await requireStored(organizationId, id, options));
    },

    async getAsset(organizationId: string, id: string, options?: TxOptions): Promise<MediaAsset> {
      const { storageKey: _key, ...row } = await requireStored(organizationId, id, options);
      return toAsset(row);
    },

    /**
     * `locate` for a caller: an asset `actor` may not read (not public, and no `media:write`) is a 404
     * before anything is signed.
     */
    async locateFor(
      organizationId: string,
      id: string,
      actor: Actor | null,
      link: { isSigned: boolean },
      options?: TxOptions,
    ): Promise<{ url: string; expiresAt: string | null }> {
      await requireReadable(organizationId, id, actor, options);
      return locate(organizationId, id, link, options);
    },

    /** Where `GET /media/:id` redirects, for no one in particular: see `locate` above. */
    locate,

    /**
     * The file's bytes for `GET /media/:id/file`: allowed with a valid, unexpired signature for this
     * organization, or to an actor with media:read who may read the asset (`isReadableBy`: public, or
     * `media:write`); any other asset is a 404 to them, as if it did not exist.
     */
    async readFile(
      organizationId: string,
      id: string,
      access: { actor: Actor | null; expires?: number; signature?: string },
      options?: TxOptions,
    ): Promise<{ data: Buffer; mimeType: string }> {
      if (access.signature !== undefined || access.expires !== undefined) {
        const isValid = signer.isValid({
          organizationId,
          assetId: id,
          expires: access.expires ?? 0,
          signature: access.signature ?? "",
        });
        if (!isValid) throw mediaErrors.badSignature();
      } else if (!access.actor) {
        throw new AppError("UNAUTHORIZED");
      } else if (!hasPermission(access.actor, "media:read")) {
        throw AppError.forbidden("Missing permission media:read");
      } else {
        await requireReadable(organizationId, id, access.actor, options);
      }
      const row = await requireStored(organizationId, id, options);
      const data = await storage.read(row.storageKey);
      if (!data) throw mediaErrors.assetNotFound();
      return { data, mimeType: row.mimeType };
    },

    /**
     * Deletes an asset and its attachments. Merchant uploads need media:write; generated and imported
     * assets may also be removed by catalog editors (catalog:update), who curate machine-made media.
     */
    async deleteAsset(
      organizationId: string,
      id: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<MediaAsset> {
      return inTransaction(database, options, async (trx) => {
        const row = await requireStored(organizationId, id, { trx });
        const isAllowed =
          hasPermission(actor, "media:write") || (row.origin !== "merchant" && hasPermission(actor, "catalog:update"));
        if (!isAllowed)
          throw AppError.forbidden(
            row.origin === "merchant" ? "Merchant uploads need media:write" : "Needs media:write or catalog:update",
          );
        await scope(organizationId, { trx }).deleteFrom("mediaAssets").where("id", "=", id).execute();
        // The file goes once the row's removal has committed: a file without a row is garbage, a row
        // without a file is a broken link. A file that cannot be removed stays as garbage.
        database.afterCommit(trx, () => storage.remove(row.storageKey).catch(() => undefined));
        const { storageKey: _key, ...asset } = row;
        return toAsset(asset);
      });
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.media` too.
declare module "../../kernel/services.js" {
  interface Services {
    media: MediaService;
  }
}
