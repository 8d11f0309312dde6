import type { z } from "zod";
import { AppError } from "../../kernel/app-error.js";
import type { Services } from "../../kernel/contexts.js";
import type { TxOptions } from "../../kernel/transaction.js";
import type { OrderStatus } from "../orders/index.js";
import type { orderDownloadSchema } from "./me-schemas.js";
import { DOWNLOAD_ROLE } from "../media/index.js";

/** One signed download link of an order. */
export type OrderDownload = z.output<typeof orderDownloadSchema>;

/**
 * Orders whose payment is confirmed and that were not undone: downloads are open from `confirmed`
 * through `fulfilled`. `pending` is not paid yet; `cancelled` and `refunded` gave the money back.
 */
export const DOWNLOADABLE_STATUSES: ReadonlySet<OrderStatus> = new Set([
  "confirmed",
  "processing",
  "partially_fulfilled",
  "fulfilled",
]);

/** Signed, expiring links for the digital items of a customer's order. */
export function createMyDownloads({ services }: { services: Services }) {
  return {
    /**
     * A line's digital files are the media assets attached with role `download` to its entity (at the
     * entity's level) or to its variant. A line refunded in full has none. Each link is the media
     * module's signed URL (`media.signingSecret`), valid `media.signedUrlTtlSeconds` (default 900 s).
     * An order not paid, or cancelled or refunded, is a 409 CONFLICT; another customer's a 404.
     */
    async downloads(
      organizationId: string,
      customerId: string,
      idOrNumber: string,
      options?: TxOptions,
    ): Promise<OrderDownload[]> {
      const order = await services.orders.getForCustomer(organizationId, customerId, idOrNumber, options);
      if (!DOWNLOADABLE_STATUSES.has(order.status)) {
        throw new AppError("CONFLICT", {
          message: `Downloads open once the order is paid; this order is ${order.status.replaceAll("_", " ")}`,
          details: { status: order.status },
        });
      }
      const lines = order.lines.filter((line) => line.refundedQuantity < line.quantity);
      const attachments = (
        await services.media.attachmentsOf(organizationId, [...new Set(lines.map((line) => line.entityId))], options)
      ).filter((attachment) => attachment.role === DOWNLOAD_ROLE);
      const downloads: OrderDownload[] = [];
      for (const line of lines) {
        const files = attachments.filter(
          (file) => file.entityId === line.entityId && (file.variantId === null || file.variantId === line.variantId),
        );
        for (const file of files) {
          const asset = await services.media.getAsset(organizationId, file.mediaAssetId, options);
          const link = await services.media.locate(organizationId, file.mediaAssetId, { isSigned: true }, options);
          // A signed link always expires; a null would mean the media module answered an unsigned one.
          if (link.expiresAt === null)
            throw new Error(`The media module answered an unsigned link for asset ${file.mediaAssetId}`);
          downloads.push({
            lineItemId: line.lineItemId,
            entityId: line.entityId,
            variantId: line.variantId,
            title: line.title,
            mediaAssetId: asset.id,
            filename: asset.filename,
            mimeType: asset.mimeType,
            sizeBytes: asset.sizeBytes,
            url: link.url,
            expiresAt: link.expiresAt,
          });
        }
      }
      return downloads;
    },
  };
}
