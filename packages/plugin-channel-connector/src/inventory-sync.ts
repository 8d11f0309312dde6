import { sql, type Transaction } from "kysely";
import type { CoreTables, DomainEvent } from "@unified-commerce/plugin-sdk";
import { channelScope, connectionKey, type ChannelContext } from "./channel-context.js";
import { SYNC_INVENTORY_TASK } from "./channel-declarations.js";
import { openChannel, readConnectionRow } from "./connections.js";

/**
 * On `inventory.afterAdjust` (in the adjustment's own transaction): one `channel/sync-inventory` job per
 * connection that lists the entity, keyed per connection, entity and variant with `supersedes`. A burst
 * of adjustments therefore leaves one pending job per listing, and that job pushes the level current
 * when it runs: the latest, not one push per adjustment.
 */
export async function onStockChange(
  context: Pick<ChannelContext, "services" | "settings">,
  event: DomainEvent,
  trx: Transaction<CoreTables>,
): Promise<void> {
  const entityId = typeof event.payload.entityId === "string" ? event.payload.entityId : null;
  if (entityId === null) return;
  const variantId = typeof event.payload.variantId === "string" ? event.payload.variantId : null;
  const listings = await channelScope(trx, event.organizationId)
    .selectFrom("channelListings")
    .select("connectionId")
    .where("entityId", "=", entityId)
    .execute();
  for (const { connectionId } of listings) {
    await context.services.jobs.enqueue(
      SYNC_INVENTORY_TASK,
      { connectionId, entityId, variantId },
      {
        organizationId: event.organizationId,
        trx,
        concurrencyKey: connectionKey("stock", connectionId, entityId, variantId),
        supersedes: true,
        maxAttempts: context.settings.attempts,
      },
    );
  }
}

/**
 * The job's work: reads the entity's available stock now (every warehouse, reservations deducted) and
 * sets it on the channel's listing. The listing is per entity, so a variant's change pushes the
 * entity's total. Setting an absolute level makes a repeated run harmless.
 */
export async function syncInventory(
  context: ChannelContext,
  organizationId: string,
  input: { connectionId: string; entityId: string },
): Promise<{ pushed: boolean; available: number | null }> {
  const db = context.database.db;
  const row = await readConnectionRow(db, organizationId, input.connectionId).catch(() => null);
  if (!row) return { pushed: false, available: null };
  const listing = await channelScope(db, organizationId)
    .selectFrom("channelListings")
    .select("externalId")
    .where("connectionId", "=", input.connectionId)
    .where("entityId", "=", input.entityId)
    .executeTakeFirst();
  if (!listing) return { pushed: false, available: null };
  const [stock] = await context.services.inventory.check(organizationId, [input.entityId]).catch(() => []);
  // The entity was deleted since: the channel keeps its listing until a reconcile removes it.
  if (!stock) return { pushed: false, available: null };
  await openChannel(context, row).setStock({ externalId: listing.externalId, available: stock.available });
  await channelScope(db, organizationId)
    .updateTable("channelConnections")
    .set({ stockPushes: sql<number>`stock_pushes + 1` })
    .where("id", "=", input.connectionId)
    .execute();
  return { pushed: true, available: stock.available };
}
