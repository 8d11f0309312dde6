import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { pageOffset, type PaginationQuery } from "../../http/pagination.js";
import type { Actor } from "../../kernel/actor.js";
import { MAX_MINOR_UNITS } from "../../money/money-rounding.js";
import {
  isFixedType,
  isPercentageType,
  PROMOTION_COLUMNS,
  promotionsScope,
  toPromotion,
  type Promotion,
  type PromotionRow,
  type PromotionsContext,
} from "./promotions-context.js";
import { promotionsErrors } from "./promotions-errors.js";
import type { promotionBody } from "./promotions-schemas.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";

/** A promotion as a request describes it (`value` in API units: percent or minor units): the create body, plus `isActive`. */
export type PromotionInput = z.output<typeof promotionBody> & { isActive?: boolean | undefined };

export type PromotionPatch = Partial<Omit<PromotionInput, "type">>;

/** Checks a promotion as a whole and answers its stored columns (value in basis points or minor units). */
function toColumns(input: PromotionInput) {
  const value = input.value ?? (input.type === "free_shipping" ? 0 : undefined);
  if (value === undefined) throw promotionsErrors.invalid("body.value", `${input.type} needs a value`);
  let stored: number;
  if (isPercentageType(input.type)) {
    stored = Math.round(value * 100);
    if (Math.abs(stored - value * 100) > 1e-6 || stored <= 0 || stored > 10_000)
      throw promotionsErrors.invalid("body.value", "a percentage above 0 and at most 100, in steps of 0.01");
  } else if (isFixedType(input.type)) {
    stored = value;
    if (!Number.isSafeInteger(value) || value <= 0 || value > MAX_MINOR_UNITS)
      throw promotionsErrors.invalid("body.value", "a positive integer amount of minor units");
    if (!input.currency) throw promotionsErrors.invalid("body.currency", "a fixed discount needs a currency");
  } else {
    stored = 0;
    if (value !== 0) throw promotionsErrors.invalid("body.value", "free_shipping takes no value (0)");
  }
  const isBuyXGetY = input.type === "buy_x_get_y";
  if (isBuyXGetY && (!input.buyQuantity || !input.getQuantity))
    throw promotionsErrors.invalid("body.buyQuantity", "buy_x_get_y needs buyQuantity and getQuantity");
  if (!isBuyXGetY && (input.buyQuantity || input.getQuantity))
    throw promotionsErrors.invalid("body.buyQuantity", "only buy_x_get_y takes buyQuantity and getQuantity");
  const validFrom = input.validFrom ?? new Date();
  if (input.validUntil && input.validUntil <= validFrom)
    throw promotionsErrors.invalid("body.validUntil", "must be after validFrom");
  return {
    code: input.code,
    name: input.name,
    type: input.type,
    value: stored,
    currency: input.currency ?? null,
    minSubtotal: input.minSubtotal ?? null,
    eligibleEntityIds: JSON.stringify(unique(input.eligibleEntityIds)),
    eligibleCategoryIds: JSON.stringify(unique(input.eligibleCategoryIds)),
    customerGroupIds: JSON.stringify(unique(input.customerGroupIds)),
    buyQuantity: input.buyQuantity ?? null,
    getQuantity: input.getQuantity ?? null,
    usageLimit: input.usageLimit ?? null,
    perCustomerLimit: input.perCustomerLimit ?? null,
    isStackable: input.isStackable ?? false,
    isPublic: input.isPublic ?? false,
    isActive: input.isActive ?? true,
    validFrom,
    validUntil: input.validUntil ?? null,
  };
}

const unique = (values: readonly string[] | undefined): string[] => [...new Set(values ?? [])];

export async function readPromotion(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<PromotionRow> {
  let select = promotionsScope(db, organizationId)
    .selectFrom("promotions")
    .select(PROMOTION_COLUMNS)
    .where("id", "=", id);
  if (options.lock) select = select.forUpdate();
  const row = await select.executeTakeFirst();
  if (!row) throw promotionsErrors.promotionNotFound();
  return row;
}

/** Promotions by code, case-insensitively, in the organization. */
export async function readPromotionsByCode(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
  codes: readonly string[],
): Promise<Map<string, PromotionRow>> {
  if (codes.length === 0) return new Map();
  const rows = await promotionsScope(db, organizationId)
    .selectFrom("promotions")
    .select(PROMOTION_COLUMNS)
    .where(
      sql<string>`lower(code)`,
      "in",
      codes.map((code) => code.toLowerCase()),
    )
    .execute();
  return new Map(rows.map((row) => [row.code.toLowerCase(), row]));
}

export function createPromotionOperations(context: PromotionsContext) {
  const assertEntities = async (
    organizationId: string,
    ids: readonly string[] | undefined,
    options: Required<TxOptions>,
  ) => {
    if (!ids || ids.length === 0) return;
    const existing = await context.services.catalog.existingEntityIds(organizationId, ids, options);
    const missing = ids.filter((id) => !existing.has(id));
    if (missing.length > 0)
      throw promotionsErrors.invalid("body.eligibleEntityIds", `unknown entities ${missing.join(", ")}`);
  };
  /** A fixed discount created without a currency is in the store's currency (`settings.general.currency`). */
  const withStoreCurrency = async (
    organizationId: string,
    input: PromotionInput,
    options: Required<TxOptions>,
  ): Promise<PromotionInput> => {
    if (!isFixedType(input.type) || input.currency) return input;
    const { currency } = await context.services.settings.get(organizationId, "general", options);
    if (!currency)
      throw promotionsErrors.invalid(
        "body.currency",
        "a fixed discount needs a currency: pass one, or set the store's settings.general.currency",
      );
    return { ...input, currency };
  };
  const emit = (
    trx: Transaction<CoreTables>,
    organizationId: string,
    type: "promotions.create" | "promotions.update",
    promotion: Promotion,
    payload: Record<string, unknown>,
    actor: Actor | null,
  ) =>
    context.events.emit(
      { organizationId, type, entityType: "promotion", entityId: promotion.id, payload, actor },
      { trx },
    );

  return {
    /** Creates a promotion; a code used by another promotion of the organization (any case) is a 409. */
    async createPromotion(
      organizationId: string,
      input: PromotionInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<Promotion> {
      return inTransaction(context.database, options, async (trx) => {
        const columns = toColumns(await withStoreCurrency(organizationId, input, { trx }));
        await assertEntities(organizationId, input.eligibleEntityIds, { trx });
        const id = randomUUID();
        await promotionsScope(trx, organizationId)
          .insertInto("promotions", { id, ...columns })
          .execute();
        const promotion = toPromotion(await readPromotion(trx, organizationId, id));
        await emit(trx, organizationId, "promotions.create", promotion, { change: "created", after: promotion }, actor);
        return promotion;
      });
    },

    /** Changes any field but the type; the whole promotion is checked again. Emits promotions.update. */
    async updatePromotion(
      organizationId: string,
      id: string,
      patch: PromotionPatch,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<Promotion> {
      return inTransaction(context.database, options, async (trx) => {
        await assertEntities(organizationId, patch.eligibleEntityIds, { trx });
        const before = toPromotion(await readPromotion(trx, organizationId, id, { lock: true }));
        const merged: PromotionInput = {
          ...before,
          validFrom: new Date(before.validFrom),
          validUntil: before.validUntil === null ? null : new Date(before.validUntil),
          ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
        };
        const { type: _type, ...columns } = toColumns(merged);
        await promotionsScope(trx, organizationId)
          .updateTable("promotions")
          .set({ ...columns, updatedAt: new Date() })
          .where("id", "=", id)
          .execute();
        const after = toPromotion(await readPromotion(trx, organizationId, id));
        await emit(trx, organizationId, "promotions.update", after, { change: "updated", before, after }, actor);
        return after;
      });
    },

    /** Stops a promotion from applying; idempotent. Emits promotions.update. */
    async deactivatePromotion(
      organizationId: string,
      id: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<Promotion> {
      return inTransaction(context.database, options, async (trx) => {
        const before = toPromotion(await readPromotion(trx, organizationId, id, { lock: true }));
        if (!before.isActive) return before;
        await promotionsScope(trx, organizationId)
          .updateTable("promotions")
          .set({ isActive: false, updatedAt: new Date() })
          .where("id", "=", id)
          .execute();
        const after = toPromotion(await readPromotion(trx, organizationId, id));
        await emit(trx, organizationId, "promotions.update", after, { change: "deactivated", before, after }, actor);
        return after;
      });
    },

    async getPromotion(organizationId: string, id: string, options?: TxOptions): Promise<Promotion> {
      const db = options?.trx ?? context.db;
      return toPromotion(await readPromotion(db, organizationId, id));
    },

    /** Promotions that apply now: active and inside their validity window; with `isPublicOnly`, the public ones. */
    async listActivePromotions(
      organizationId: string,
      query: PaginationQuery & { isPublicOnly: boolean },
      options?: TxOptions,
    ): Promise<{ items: Promotion[]; total: number }> {
      const db = options?.trx ?? context.db;
      const now = new Date();
      let select = promotionsScope(db, organizationId)
        .selectFrom("promotions")
        .where("isActive", "=", true)
        .where("validFrom", "<=", now)
        .where((eb) => eb.or([eb("validUntil", "is", null), eb("validUntil", ">", now)]));
      if (query.isPublicOnly) select = select.where("isPublic", "=", true);
      const [rows, counted] = await Promise.all([
        select
          .select(PROMOTION_COLUMNS)
          .orderBy("createdAt")
          .orderBy("id")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        select.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst(),
      ]);
      return { items: rows.map((row) => toPromotion(row)), total: Number(counted?.count ?? 0) };
    },
  };
}
