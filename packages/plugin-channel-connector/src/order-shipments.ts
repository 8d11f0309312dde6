import type { Transaction } from "kysely";
import type { CoreTables, DomainEvent } from "@unified-commerce/plugin-sdk";
import { channelScope, connectionKey, type ChannelContext } from "./channel-context.js";
import { PUSH_ORDER_TASK } from "./channel-declarations.js";
import { openChannel, readConnectionRow } from "./connections.js";

/**
 * On `fulfillment.create` of an order imported from a channel (in the fulfillment's transaction): one
 * `channel/push-order` job, keyed per connection and order with `supersedes`, so several shipments in a
 * row are pushed as one.
 */
export async function onFulfillment(
  context: Pick<ChannelContext, "services" | "settings">,
  event: DomainEvent,
  trx: Transaction<CoreTables>,
): Promise<void> {
  const orderId = typeof event.payload.orderId === "string" ? event.payload.orderId : null;
  if (orderId === null) return;
  const imported = await channelScope(trx, event.organizationId)
    .selectFrom("channelOrders")
    .select("connectionId")
    .where("orderId", "=", orderId)
    .executeTakeFirst();
  if (!imported) return;
  await context.services.jobs.enqueue(
    PUSH_ORDER_TASK,
    { connectionId: imported.connectionId, orderId },
    {
      organizationId: event.organizationId,
      trx,
      concurrencyKey: connectionKey("order", imported.connectionId, orderId),
      supersedes: true,
      maxAttempts: context.settings.attempts,
    },
  );
}

/**
 * The job's work: what this store has shipped of the order (every fulfillment, summed per product,
 * mapped to the channel's listings) with the latest tracking, pushed as an absolute state: a repeated
 * run ships nothing twice.
 */
export async function pushOrderShipments(
  context: ChannelContext,
  organizationId: string,
  input: { connectionId: string; orderId: string },
): Promise<{ pushed: boolean }> {
  const db = context.database.db;
  const row = await readConnectionRow(db, organizationId, input.connectionId).catch(() => null);
  if (!row) return { pushed: false };
  const imported = await channelScope(db, organizationId)
    .selectFrom("channelOrders")
    .select("externalOrderId")
    .where("connectionId", "=", input.connectionId)
    .where("orderId", "=", input.orderId)
    .executeTakeFirst();
  if (!imported) return { pushed: false };
  const [order, fulfillments] = await Promise.all([
    context.services.orders.get(organizationId, input.orderId),
    context.services.orders.listFulfillments(organizationId, input.orderId),
  ]);
  const entityOfLine = new Map(order.lines.map((line) => [line.lineItemId, line.entityId]));
  const shippedByEntity = new Map<string, number>();
  for (const line of fulfillments.flatMap((fulfillment) => fulfillment.lines)) {
    const entityId = entityOfLine.get(line.lineItemId);
    if (entityId) shippedByEntity.set(entityId, (shippedByEntity.get(entityId) ?? 0) + line.quantity);
  }
  const entityIds = [...shippedByEntity.keys()];
  const listings =
    entityIds.length === 0
      ? []
      : await channelScope(db, organizationId)
          .selectFrom("channelListings")
          .select(["entityId", "externalId"])
          .where("connectionId", "=", input.connectionId)
          .where("entityId", "in", entityIds)
          .execute();
  // Newest first: the latest shipment's tracking is the one the channel shows.
  const latest = fulfillments[0];
  await openChannel(context, row).pushShipments({
    externalOrderId: imported.externalOrderId,
    shipped: listings.map((listing) => ({
      externalProductId: listing.externalId,
      quantity: shippedByEntity.get(listing.entityId) ?? 0,
    })),
    carrier: latest?.carrier ?? null,
    trackingNumber: latest?.trackingNumber ?? null,
    trackingUrl: latest?.trackingUrl ?? null,
  });
  return { pushed: true };
}
