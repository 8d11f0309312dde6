import { z } from "zod";
import {
  entityStatusSchema,
  localeSchema,
  localizedAttributesSchema,
  metadataSchema,
  slugSchema,
} from "../catalog/index.js";
import { amountSchema } from "../../money/amount-schema.js";
import { currencySchema } from "../../money/currency-schema.js";

/** A stock quantity of an import row: absolute on-hand units in a warehouse (by code; `default` when omitted). */
export const importStockSchema = z.strictObject({
  warehouse: z.string().min(1).max(100).default("default"),
  onHand: z.number().int().min(0).max(1_000_000_000),
});

/** A base price of an import row, in minor units. */
export const importPriceSchema = z.strictObject({ currency: currencySchema, amount: amountSchema });

const pricesSchema = z
  .array(importPriceSchema)
  .max(50)
  .refine((prices) => new Set(prices.map((price) => price.currency)).size === prices.length, "one price per currency");

const stockSchema = z
  .array(importStockSchema)
  .max(50)
  .refine(
    (levels) => new Set(levels.map((level) => level.warehouse)).size === levels.length,
    "one quantity per warehouse",
  );

/** A variant of an import row: identified by its options within the entity; `sku` unique in the organization. */
export const importVariantSchema = z.strictObject({
  sku: z.string().min(1).max(200).nullable().optional(),
  /** Option name to value (`{ "Size": "M" }`); none: the entity's one option-less variant. */
  options: z
    .record(z.string().min(1).max(100), z.string().min(1).max(200))
    .refine((options) => Object.keys(options).length <= 20, "at most 20 options")
    .default({}),
  prices: pricesSchema.optional(),
  stock: stockSchema.optional(),
  metadata: metadataSchema.optional(),
});

/**
 * One NDJSON line of `POST /api/catalog/import`: an entity with its attributes, variants, prices and
 * stock. CSV rows are turned into this shape (see the README), so both formats meet the same rules.
 */
export const importEntitySchema = z
  .strictObject({
    slug: slugSchema,
    type: z.string().min(1).max(100).default("product"),
    status: entityStatusSchema.default("draft"),
    metadata: metadataSchema.optional(),
    attributes: z.record(localeSchema, localizedAttributesSchema).optional(),
    /** Entity-level prices (no variant): what carts use for an entity sold without variants. */
    prices: pricesSchema.optional(),
    /** Entity-level stock (no variant). */
    stock: stockSchema.optional(),
    variants: z.array(importVariantSchema).max(100).default([]),
  })
  .refine(
    (entity) =>
      new Set(entity.variants.map((variant) => JSON.stringify(Object.entries(variant.options).sort()))).size ===
      entity.variants.length,
    { message: "two variants have the same options", path: ["variants"] },
  );

/** An import row after validation. */
export type ImportEntity = z.output<typeof importEntitySchema>;

export const importStatusSchema = z.enum(["receiving", "queued", "running", "completed", "failed"]);

/** One refused row: its line (the first line of a CSV entity's rows) and why. */
export const importErrorSchema = z.object({ line: z.number().int(), reason: z.string() });

/** An import as `GET /api/catalog/import/:id` answers it. */
export const importSchema = z.object({
  id: z.string(),
  status: importStatusSchema,
  format: z.enum(["ndjson", "csv"]),
  filename: z.string().nullable(),
  /** Rows received: NDJSON lines, or CSV entities (consecutive rows of one handle count once). */
  rowsTotal: z.number().int(),
  /** Rows finished, written or refused. */
  rowsDone: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  /** The first 1,000 refused rows, by line; `failed` counts them all. */
  errors: z.array(importErrorSchema),
  /** CSV columns that were not understood and were ignored. */
  ignoredColumns: z.array(z.string()),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

export type CatalogImport = z.output<typeof importSchema>;
