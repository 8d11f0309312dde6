import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { z } from "zod";
import { AppError, type Actor, type CoreTables, type Services } from "@unified-commerce/plugin-sdk";
import { lineCommission, pickRule } from "./commission-calculation.js";
import { activeRules } from "./commission-rules.js";
import { settleOrder } from "./ledger.js";
import { shippingPerVendor } from "./sub-order-shipping.js";
import { marketplaceScope, type MarketplaceContext } from "./marketplace-context.js";
import { vendorsOfEntities } from "./vendor-entities.js";

/** The fields of `orders.create`'s payload the split reads (parsed, not trusted as typed). */
export const createdOrderPayload = z.object({
  order: z.object({
    id: z.string(),
    number: z.string(),
    status: z.string(),
    customerId: z.string().nullable(),
    currency: z.string(),
    lines: z.array(
      z.object({
        lineItemId: z.string(),
        entityId: z.string(),
        variantId: z.string().nullable(),
        title: z.string(),
        quantity: z.number().int(),
        total: z.number().int(),
      }),
    ),
    /** The shipping module's methods checkout charged (absent on orders of other paths: none). */
    shippingMethods: z
      .array(
        z.object({
          optionId: z.string(),
          profileId: z.string().nullable(),
          name: z.string(),
          isPickup: z.boolean(),
          warehouseId: z.string().nullable(),
          tax: z.number().int(),
          gross: z.number().int(),
        }),
      )
      .nullish()
      .transform((methods) => methods ?? []),
  }),
});
type CreatedOrder = z.output<typeof createdOrderPayload>["order"];

/** Order statuses in which the order has been paid: its sub-orders belong in the ledger. */
export const PAID_ORDER_STATUSES: ReadonlySet<string> = new Set([
  "confirmed",
  "processing",
  "partially_fulfilled",
  "fulfilled",
  "refunded",
]);

/** Category ids of each entity, read only when some active rule names a category. */
async function categoriesOf(
  services: Services,
  trx: Transaction<CoreTables>,
  organizationId: string,
  entityIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const categories = new Map<string, Set<string>>();
  for (const entityId of entityIds) {
    // An entity gone from the catalog since it was sold matches no category rule.
    const entity = await services.catalog
      .getEntity(organizationId, entityId, { actor: null, include: ["categories"] }, { trx })
      .catch(() => null);
    categories.set(entityId, new Set((entity?.categories ?? []).map((category) => category.id)));
  }
  return categories;
}

/**
 * Splits an order into one sub-order per vendor, inside the transaction that creates the order (the
 * plugin subscribes to `orders.create`, which orders emit in checkout's transaction): an order never
 * exists without its sub-orders, and a failure here fails the checkout. Each line records the commission
 * of the rule that matched it. Lines of entities no vendor sells stay the store's own. An order created
 * already paid (a layaway's) is settled at once.
 */
export async function splitOrder(
  context: Pick<MarketplaceContext, "events" | "services">,
  trx: Transaction<CoreTables>,
  input: { organizationId: string; actor: Actor | null; order: CreatedOrder },
): Promise<void> {
  const { organizationId, actor, order } = input;
  const vendorOf = await vendorsOfEntities(
    trx,
    organizationId,
    order.lines.map((line) => line.entityId),
  );
  if (vendorOf.size === 0) return;
  const rules = await activeRules(trx, organizationId);
  const needsCategories = rules.some((rule) => rule.categoryId !== null);
  const categories = needsCategories
    ? await categoriesOf(context.services, trx, organizationId, [...vendorOf.keys()])
    : new Map<string, Set<string>>();

  const byVendor = new Map<string, CreatedOrder["lines"]>();
  for (const line of order.lines) {
    const vendorId = vendorOf.get(line.entityId);
    if (vendorId) byVendor.set(vendorId, [...(byVendor.get(vendorId) ?? []), line]);
  }
  const shipping = await shippingPerVendor(context.services, trx, {
    organizationId,
    currency: order.currency,
    methods: order.shippingMethods,
    lines: order.lines,
    vendorOf,
  });
  const scope = marketplaceScope(trx, organizationId);
  for (const vendorId of [...byVendor.keys()].sort()) {
    const shippingMethods = shipping.get(vendorId) ?? [];
    const shippingTotal = shippingMethods.reduce((sum, method) => sum + method.gross, 0);
    const lines = (byVendor.get(vendorId) ?? []).map((line) => ({
      ...line,
      ...lineCommission(pickRule(rules, { vendorId, categoryIds: categories.get(line.entityId) ?? new Set() }), line),
    }));
    const subOrderId = randomUUID();
    const total = lines.reduce((sum, line) => sum + line.total, 0);
    const commissionTotal = lines.reduce((sum, line) => sum + line.commission, 0);
    const now = new Date();
    await scope
      .insertInto("marketplaceSubOrders", {
        id: subOrderId,
        orderId: order.id,
        orderNumber: order.number,
        vendorId,
        customerId: order.customerId,
        status: "pending",
        currency: order.currency,
        total,
        commissionTotal,
        shippingMethods: JSON.stringify(shippingMethods),
        shippingTotal,
        trackingNumber: null,
        carrier: null,
        confirmedAt: null,
        shippedAt: null,
        deliveredAt: null,
        cancelledAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await scope
      .insertInto(
        "marketplaceSubOrderLines",
        lines.map((line) => ({
          id: randomUUID(),
          subOrderId,
          orderLineId: line.lineItemId,
          entityId: line.entityId,
          variantId: line.variantId,
          title: line.title,
          quantity: line.quantity,
          total: line.total,
          commission: line.commission,
          commissionRuleId: line.commissionRuleId,
          commissionType: line.commissionType,
          commissionRateBps: line.commissionRateBps,
        })),
      )
      .execute();
    await context.events.emit(
      {
        organizationId,
        type: "marketplace.subOrderCreate",
        entityType: "subOrder",
        entityId: subOrderId,
        payload: {
          vendorId,
          subOrderId,
          orderId: order.id,
          total,
          commissionTotal,
          shippingTotal,
          currency: order.currency,
        },
        actor,
      },
      { trx },
    );
  }
  if (PAID_ORDER_STATUSES.has(order.status)) await settleOrder(trx, organizationId, order.id);
}

/**
 * `checkout.beforeCreate`: refuses a cart holding an item of a vendor that is not active (pending,
 * rejected, suspended), before anything is written (422 CHECKOUT_FAILED, REFUSED_BY_HOOK).
 */
export async function assertVendorsSell(
  trx: Transaction<CoreTables>,
  organizationId: string,
  entityIds: readonly string[],
): Promise<void> {
  const vendorOf = await vendorsOfEntities(trx, organizationId, entityIds);
  if (vendorOf.size === 0) return;
  const inactive = await marketplaceScope(trx, organizationId)
    .selectFrom("marketplaceVendors")
    .select(["id", "name", "status"])
    .where("id", "in", [...new Set(vendorOf.values())])
    .where("status", "<>", "active")
    .executeTakeFirst();
  if (inactive) throw AppError.conflict(`Vendor ${inactive.name} is ${inactive.status} and sells nothing now`);
}
