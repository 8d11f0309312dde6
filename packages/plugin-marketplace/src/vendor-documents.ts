import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { z } from "zod";
import { AppError, accountableActor, inTransaction, type Actor, type TxOptions } from "@unified-commerce/plugin-sdk";
import { iso, isUuid, marketplaceScope, type MarketplaceContext } from "./marketplace-context.js";
import { assertMove, documentMoves } from "./marketplace-states.js";
import type { MarketplaceTables } from "./marketplace-tables.js";
import type { createDocumentInput, vendorDocumentSchema } from "./vendor-schemas.js";
import { readVendorRow } from "./vendors.js";

export type VendorDocument = z.output<typeof vendorDocumentSchema>;
export type CreateDocumentInput = z.output<typeof createDocumentInput>;

const DOCUMENT_COLUMNS = [
  "id",
  "vendorId",
  "type",
  "reference",
  "fileName",
  "status",
  "rejectionReason",
  "reviewedBy",
  "reviewedAt",
  "createdAt",
] as const;
type DocumentRow = Pick<Selectable<MarketplaceTables["marketplaceVendorDocuments"]>, (typeof DOCUMENT_COLUMNS)[number]>;

const toDocument = (row: DocumentRow): VendorDocument => ({
  ...row,
  reviewedAt: iso(row.reviewedAt),
  createdAt: row.createdAt.toISOString(),
});

/** A vendor's documents: references to uploaded files (the plugin stores no bytes), reviewed by staff. */
export function createVendorDocumentOperations(context: MarketplaceContext) {
  const { database, events } = context;
  return {
    listDocuments: async (organizationId: string, vendorId: string, options?: TxOptions): Promise<VendorDocument[]> => {
      const db = options?.trx ?? database.db;
      await readVendorRow(db, organizationId, vendorId);
      const rows = await marketplaceScope(db, organizationId)
        .selectFrom("marketplaceVendorDocuments")
        .select(DOCUMENT_COLUMNS)
        .where("vendorId", "=", vendorId)
        .orderBy("createdAt")
        .orderBy("id")
        .execute();
      return rows.map(toDocument);
    },

    addDocument: (
      organizationId: string,
      actor: Actor | null,
      vendorId: string,
      body: CreateDocumentInput,
      options?: TxOptions,
    ): Promise<VendorDocument> =>
      inTransaction(database, options, async (trx) => {
        await readVendorRow(trx, organizationId, vendorId);
        const id = randomUUID();
        const row = await marketplaceScope(trx, organizationId)
          .insertInto("marketplaceVendorDocuments", {
            id,
            vendorId,
            type: body.type,
            reference: body.reference,
            fileName: body.fileName ?? null,
            status: "pending",
            rejectionReason: null,
            reviewedBy: null,
            reviewedAt: null,
            createdAt: new Date(),
          })
          .returning(DOCUMENT_COLUMNS)
          .executeTakeFirstOrThrow();
        await events.emit(
          {
            organizationId,
            type: "marketplace.documentCreate",
            entityType: "vendor",
            entityId: vendorId,
            payload: { vendorId, documentId: id, type: body.type },
            actor,
          },
          { trx },
        );
        return toDocument(row);
      }),

    /** Approves or rejects a document (`documentMoves`: a decision may be revised, never repeated: 409). */
    reviewDocument: (
      organizationId: string,
      actor: Actor,
      input: { vendorId: string; documentId: string; move: keyof typeof documentMoves; reason: string | null },
      options?: TxOptions,
    ): Promise<VendorDocument> =>
      inTransaction(database, options, async (trx) => {
        const { vendorId, documentId, move, reason } = input;
        await readVendorRow(trx, organizationId, vendorId);
        const scope = marketplaceScope(trx, organizationId);
        const current = isUuid(documentId)
          ? await scope
              .selectFrom("marketplaceVendorDocuments")
              .select("status")
              .where("id", "=", documentId)
              .where("vendorId", "=", vendorId)
              .forUpdate()
              .executeTakeFirst()
          : undefined;
        if (!current) throw AppError.notFound("Vendor document");
        const { from, to } = assertMove("document", documentMoves, move, current.status);
        const row = await scope
          .updateTable("marketplaceVendorDocuments")
          .set({
            status: to,
            rejectionReason: to === "rejected" ? reason : null,
            reviewedBy: accountableActor(actor).id,
            reviewedAt: new Date(),
          })
          .where("id", "=", documentId)
          .where("status", "in", [...from])
          .returning(DOCUMENT_COLUMNS)
          .executeTakeFirstOrThrow();
        await events.emit(
          {
            organizationId,
            type: "marketplace.documentReview",
            entityType: "vendor",
            entityId: vendorId,
            payload: { vendorId, documentId, status: to, reason: to === "rejected" ? reason : null },
            actor,
          },
          { trx },
        );
        return toDocument(row);
      }),
  };
}
