import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { z } from "zod";
import {
  AppError,
  inTransaction,
  pageOffset,
  type Actor,
  type CoreTables,
  type TxOptions,
} from "@unified-commerce/plugin-sdk";
import { iso, isUuid, marketplaceScope, type MarketplaceContext } from "./marketplace-context.js";
import { assertMove, vendorMoves } from "./marketplace-states.js";
import type { MarketplaceTables } from "./marketplace-tables.js";
import type {
  createVendorInput,
  listVendorsQuery,
  updateOwnVendorInput,
  updateVendorInput,
  vendorSchema,
} from "./vendor-schemas.js";

export type Vendor = z.output<typeof vendorSchema>;
export type CreateVendorInput = z.output<typeof createVendorInput>;
export type UpdateVendorInput = z.output<typeof updateVendorInput> | z.output<typeof updateOwnVendorInput>;
export type ListVendorsQuery = z.output<typeof listVendorsQuery>;
export type VendorMove = keyof typeof vendorMoves;

const VENDOR_COLUMNS = [
  "id",
  "name",
  "slug",
  "email",
  "description",
  "status",
  "statusReason",
  "payoutReference",
  "approvedAt",
  "createdAt",
  "updatedAt",
] as const;
type VendorRow = Pick<Selectable<MarketplaceTables["marketplaceVendors"]>, (typeof VENDOR_COLUMNS)[number]>;

const toVendor = (row: VendorRow): Vendor => ({
  ...row,
  approvedAt: iso(row.approvedAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const vendorNotFound = () => AppError.notFound("Vendor");

/** The vendor row of the organization, locked `for update` when asked; 404 for anything else. */
export async function readVendorRow(
  db: Kysely<CoreTables>,
  organizationId: string,
  vendorId: string,
  isLocked = false,
): Promise<VendorRow> {
  if (!isUuid(vendorId)) throw vendorNotFound();
  const query = marketplaceScope(db, organizationId)
    .selectFrom("marketplaceVendors")
    .select(VENDOR_COLUMNS)
    .where("id", "=", vendorId);
  const row = await (isLocked ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw vendorNotFound();
  return row;
}

const slugTaken = () => AppError.conflict("Another vendor of the store has this slug");

async function assertSlugFree(
  db: Kysely<CoreTables>,
  organizationId: string,
  slug: string,
  exceptId?: string,
): Promise<void> {
  let query = marketplaceScope(db, organizationId)
    .selectFrom("marketplaceVendors")
    .select("id")
    .where("slug", "=", slug);
  if (exceptId) query = query.where("id", "<>", exceptId);
  // The unique index still guards a race; this answers the common case with a clear 409.
  if (await query.executeTakeFirst()) throw slugTaken();
}

export function createVendorOperations(context: MarketplaceContext) {
  const { database, events } = context;
  return {
    /** Creates a `pending` vendor with its members (a user already acting for another vendor: 409). */
    create: (
      organizationId: string,
      actor: Actor | null,
      body: CreateVendorInput,
      options?: TxOptions,
    ): Promise<Vendor> =>
      inTransaction(database, options, async (trx) => {
        await assertSlugFree(trx, organizationId, body.slug);
        const scope = marketplaceScope(trx, organizationId);
        const id = randomUUID();
        const now = new Date();
        const row = await scope
          .insertInto("marketplaceVendors", {
            id,
            name: body.name,
            slug: body.slug,
            email: body.email ?? null,
            description: body.description ?? null,
            status: "pending",
            statusReason: null,
            payoutReference: body.payoutReference ?? null,
            approvedAt: null,
            createdAt: now,
            updatedAt: now,
          })
          .returning(VENDOR_COLUMNS)
          .executeTakeFirstOrThrow();
        for (const userId of new Set(body.userIds ?? [])) await addMemberRow(trx, organizationId, id, userId);
        await events.emit(
          {
            organizationId,
            type: "marketplace.vendorCreate",
            entityType: "vendor",
            entityId: id,
            payload: { vendorId: id, name: body.name, slug: body.slug },
            actor,
          },
          { trx },
        );
        return toVendor(row);
      }),

    list: async (
      organizationId: string,
      query: ListVendorsQuery,
      options?: TxOptions,
    ): Promise<{ items: Vendor[]; total: number }> => {
      let base = marketplaceScope(options?.trx ?? database.db, organizationId).selectFrom("marketplaceVendors");
      if (query.status) base = base.where("status", "=", query.status);
      const [rows, counted] = await Promise.all([
        base
          .select(VENDOR_COLUMNS)
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toVendor), total: Number(counted.count) };
    },

    get: async (organizationId: string, vendorId: string, options?: TxOptions): Promise<Vendor> =>
      toVendor(await readVendorRow(options?.trx ?? database.db, organizationId, vendorId)),

    /** Changes the profile; the status moves only through `move`. */
    update: (
      organizationId: string,
      actor: Actor | null,
      vendorId: string,
      body: UpdateVendorInput,
      options?: TxOptions,
    ): Promise<Vendor> =>
      inTransaction(database, options, async (trx) => {
        await readVendorRow(trx, organizationId, vendorId, true);
        if ("slug" in body && body.slug !== undefined) await assertSlugFree(trx, organizationId, body.slug, vendorId);
        const row = await marketplaceScope(trx, organizationId)
          .updateTable("marketplaceVendors")
          .set({ ...body, updatedAt: new Date() })
          .where("id", "=", vendorId)
          .returning(VENDOR_COLUMNS)
          .executeTakeFirstOrThrow();
        const fields = Object.keys(body).sort();
        await events.emit(
          {
            organizationId,
            type: "marketplace.vendorUpdate",
            entityType: "vendor",
            entityId: vendorId,
            payload: { vendorId, fields },
            actor,
          },
          { trx },
        );
        return toVendor(row);
      }),

    /**
     * Moves a vendor along its machine (`vendorMoves`): 409 for a move it does not allow, with a guarded
     * update so two racing moves cannot both pass. `reason` is kept for reject and suspend.
     */
    move: (
      organizationId: string,
      actor: Actor | null,
      vendorId: string,
      move: VendorMove,
      reason: string | null,
      options?: TxOptions,
    ): Promise<Vendor> =>
      inTransaction(database, options, async (trx) => {
        const vendor = await readVendorRow(trx, organizationId, vendorId, true);
        const { from, to } = assertMove("vendor", vendorMoves, move, vendor.status);
        const now = new Date();
        const row = await marketplaceScope(trx, organizationId)
          .updateTable("marketplaceVendors")
          .set({
            status: to,
            statusReason: to === "active" ? null : reason,
            updatedAt: now,
            ...(move === "approve" ? { approvedAt: now } : {}),
          })
          .where("id", "=", vendorId)
          .where("status", "in", [...from])
          .returning(VENDOR_COLUMNS)
          .executeTakeFirst();
        if (!row) throw AppError.conflict("The vendor moved meanwhile; read it again");
        await events.emit(
          {
            organizationId,
            type: "marketplace.vendorStatusChange",
            entityType: "vendor",
            entityId: vendorId,
            payload: { vendorId, from: vendor.status, to, reason },
            actor,
          },
          { trx },
        );
        return toVendor(row);
      }),
  };
}

/** Adds a member (a user acting for the vendor); a user already acting for a vendor of the store is a 409. */
export async function addMemberRow(
  db: Kysely<CoreTables>,
  organizationId: string,
  vendorId: string,
  userId: string,
): Promise<Date> {
  const inserted = await marketplaceScope(db, organizationId)
    .insertInto("marketplaceVendorMembers", { userId, vendorId, createdAt: new Date() })
    .onConflict((conflict) => conflict.columns(["organizationId", "userId"]).doNothing())
    .returning("createdAt")
    .executeTakeFirst();
  if (!inserted) throw AppError.conflict(`User ${userId} already acts for a vendor of this store`);
  return inserted.createdAt;
}
