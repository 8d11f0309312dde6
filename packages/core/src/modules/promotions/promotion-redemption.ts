import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { promotionsScope } from "./promotions-context.js";
import { promotionsErrors } from "./promotions-errors.js";

export interface RedeemInput {
  organizationId: string;
  /** The code, any case. */
  code: string;
  /** Required when the promotion has a per-customer limit. */
  customerId?: string | null;
  orderId?: string | null;
  /** Discount the order received, recorded with the redemption. */
  discount?: number;
}

export interface Redemption {
  redemptionId: string;
  promotionId: string;
  /** Redemptions of the promotion so far, this one included. */
  used: number;
  /** Redemptions by this customer so far, this one included (null without a customer). */
  customerUsed: number | null;
}

/**
 * Counts one use of a promotion inside the caller's transaction (checkout's). Two guarded statements make
 * the limits hold whatever runs concurrently: the promotion's `used` rises only while it is below
 * `usage_limit` (and the promotion is active and valid), and the customer's counter rises only while it
 * is below `per_customer_limit`. A refusal is a 409 that rolls the caller's transaction back, including
 * the first increment. It checks the limits and the validity window only: checkout evaluates the cart's
 * conditions first (`services.promotions.evaluate`, in the same transaction).
 */
export async function redeemPromotion(trx: Transaction<CoreTables>, input: RedeemInput): Promise<Redemption> {
  const scope = promotionsScope(trx, input.organizationId);
  const now = new Date();
  const promotion = await scope
    .updateTable("promotions")
    .set({ used: sql<number>`used + 1`, updatedAt: now })
    .where(sql<string>`lower(code)`, "=", input.code.toLowerCase())
    .where("isActive", "=", true)
    .where("validFrom", "<=", now)
    .where((eb) => eb.or([eb("validUntil", "is", null), eb("validUntil", ">", now)]))
    .where(sql<boolean>`(usage_limit is null or used < usage_limit)`)
    .returning(["id", "used", "perCustomerLimit"])
    .executeTakeFirst();
  if (!promotion) {
    const exists = await scope
      .selectFrom("promotions")
      .select("id")
      .where(sql<string>`lower(code)`, "=", input.code.toLowerCase())
      .executeTakeFirst();
    throw exists ? promotionsErrors.exhausted(input.code) : promotionsErrors.codeNotFound(input.code);
  }
  let customerUsed: number | null = null;
  if (input.customerId) {
    const limit = promotion.perCustomerLimit;
    const counted = await scope
      .insertInto("promotionCustomerUsages", { promotionId: promotion.id, customerId: input.customerId, used: 1 })
      .onConflict((oc) => {
        const update = oc
          .columns(["promotionId", "customerId"])
          .doUpdateSet({ used: sql<number>`promotion_customer_usages.used + 1` });
        return limit === null ? update : update.where(sql<boolean>`promotion_customer_usages.used < ${limit}`);
      })
      .returning("used")
      .executeTakeFirst();
    if (!counted) throw promotionsErrors.customerExhausted(input.code);
    customerUsed = counted.used;
  } else if (promotion.perCustomerLimit !== null) {
    throw promotionsErrors.customerRequired();
  }
  const redemptionId = randomUUID();
  await scope
    .insertInto("promotionRedemptions", {
      id: redemptionId,
      promotionId: promotion.id,
      customerId: input.customerId ?? null,
      orderId: input.orderId ?? null,
      discount: input.discount ?? 0,
    })
    .execute();
  return { redemptionId, promotionId: promotion.id, used: promotion.used, customerUsed };
}
