import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { mediaMigrations } from "./media-migrations.js";
import { createMediaService } from "./media-service.js";
import { attachMediaRoute } from "./routes/attach-media.js";
import { deleteMediaRoute } from "./routes/delete-media.js";
import { detachMediaRoute } from "./routes/detach-media.js";
import { getMediaRoute } from "./routes/get-media.js";
import { listMediaRoute } from "./routes/list-media.js";
import { reorderMediaRoute } from "./routes/reorder-media.js";
import { serveMediaFileRoute } from "./routes/serve-media-file.js";
import { updateMediaRoute } from "./routes/update-media.js";
import { uploadMediaRoute } from "./routes/upload-media.js";

const ROUTES = [
  uploadMediaRoute,
  listMediaRoute,
  getMediaRoute,
  serveMediaFileRoute,
  updateMediaRoute,
  deleteMediaRoute,
  attachMediaRoute,
  reorderMediaRoute,
  detachMediaRoute,
];

/** Media assets in a storage adapter, signed URLs, and attachments to entities and variants. */
export const mediaModule: PluginManifest = {
  id: "media",
  version: CORE_VERSION,
  dependencies: ["catalog"],
  permissions: [
    { scope: "media:read", description: "Read media assets" },
    { scope: "media:write", description: "Upload, attach and delete media" },
  ],
  schema: { migrations: mediaMigrations },
  services: (context) => {
    const media = createMediaService(context);
    context.services.catalog.registerInclude({
      name: "media",
      emptyValue: [],
      // Per caller: a storefront sees the public roles only, never a download file's asset id.
      async load({ organizationId, entityIds, actor, trx }) {
        const grouped = new Map<string, unknown[]>();
        for (const { entityId, ...attachment } of await media.visibleAttachmentsOf(organizationId, entityIds, actor, {
          trx,
        })) {
          grouped.set(entityId, [
            ...(grouped.get(entityId) ?? []),
            { ...attachment, url: `/api/media/${attachment.mediaAssetId}` },
          ]);
        }
        return grouped;
      },
    });
    return { media };
  },
  subscribers: [
    {
      event: "catalog.delete",
      handler: (event, { trx, services }) => services.media.detachEntity(event.organizationId, event.entityId, { trx }),
    },
  ],
  routes: (context) => ROUTES.flatMap((route) => route(context)),
};
