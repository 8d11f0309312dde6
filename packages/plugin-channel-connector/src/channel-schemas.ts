import { z } from "zod";
import { paginationQuery } from "@unified-commerce/plugin-sdk";

/** Where a connection's catalog backfill stands: never started, pages left to push, or finished. */
export const backfillStatusSchema = z.enum(["idle", "running", "done"]);

/** A connection's catalog backfill: how far it got and what went wrong. */
export const backfillProgressSchema = z.object({
  status: backfillStatusSchema,
  /** Pages pushed so far in this run. */
  pages: z.number().int(),
  /** Products pushed so far in this run. */
  items: z.number().int(),
  /** Products the channel refused in this run (the run goes on without them). */
  errors: z.number().int(),
  lastError: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

/** The last reconcile's report (kept on the connection until the next one starts). */
export const reconcileReportSchema = z.object({
  status: backfillStatusSchema,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  checked: z.number().int(),
  stockRepaired: z.number().int(),
  priceRepaired: z.number().int(),
  /** This store's entity ids whose listing the channel no longer has (the first 100). */
  missing: z.array(z.string()),
  /** Listings dropped because this store deleted their entity. */
  dropped: z.number().int(),
});

/**
 * A connection as every route answers it. Its credentials are never part of it: they are sealed at
 * rest and only `credentialKeys` (their names) are shown.
 */
export const connectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  adapterId: z.string(),
  /** Public settings (the channel's URL, the currency pushed); never secrets. */
  settings: z.record(z.string(), z.string()),
  /** Names of the stored credentials, never their values. */
  credentialKeys: z.array(z.string()),
  backfill: backfillProgressSchema,
  /** Stock levels pushed to the channel. */
  stockPushes: z.number().int(),
  ordersImported: z.number().int(),
  ordersRejected: z.number().int(),
  /** Null until a reconcile ran. */
  reconcile: reconcileReportSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const stringMap = z
  .record(z.string().min(1).max(100), z.string().max(2000))
  .refine((value) => Object.keys(value).length <= 20, "at most 20 entries");

/** Body of `POST /api/channels`. Connecting starts nothing: no import, no push. */
export const createConnectionInput = z.strictObject({
  name: z.string().trim().min(1).max(200),
  /** A registered adapter's id (`rest-store`). */
  adapterId: z.string().min(1).max(100),
  /** The currency prices are pushed in. */
  currency: z.string().regex(/^[A-Z]{3}$/, "an ISO 4217 code such as EUR"),
  /** Public settings of the adapter (`baseUrl` for `rest-store`). */
  settings: stringMap.default({}),
  /** Secrets of the adapter (`apiKey` for `rest-store`): sealed, never answered. */
  credentials: stringMap,
});

export const listConnectionsQuery = paginationQuery;
export const connectionIdParams = z.object({ id: z.uuid() });

/** Body of `POST /api/channels/:id/orders`: an order the channel delivers (a webhook relay). */
export const channelOrderInput = z.strictObject({
  /** The channel's id of the order: each is imported once, however often it is delivered. */
  externalId: z.string().trim().min(1).max(200),
  currency: z.string().regex(/^[A-Z]{3}$/, "an ISO 4217 code such as EUR"),
  lines: z
    .array(
      z.strictObject({ externalProductId: z.string().min(1).max(200), quantity: z.number().int().min(1).max(1000) }),
    )
    .min(1)
    .max(100),
});

/** What importing a delivered order did. */
export const importResultSchema = z.object({
  externalId: z.string(),
  /** The channel had delivered it before: nothing new was written. */
  isDuplicate: z.boolean(),
  outcome: z.discriminatedUnion("status", [
    z.object({ status: z.literal("accepted"), orderId: z.string(), orderNumber: z.string() }),
    z.object({ status: z.literal("rejected"), reason: z.string() }),
  ]),
});
