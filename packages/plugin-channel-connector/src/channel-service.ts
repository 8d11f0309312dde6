import type { ChannelOrder } from "./channel-adapter.js";
import type { ChannelContext } from "./channel-context.js";
import { backfillPage, startBackfill, type BackfillPageResult } from "./catalog-backfill.js";
import {
  createConnectionOperations,
  readConnectionRow,
  type Connection,
  type CreateConnectionInput,
} from "./connections.js";
import { syncInventory } from "./inventory-sync.js";
import { pushOrderShipments } from "./order-shipments.js";
import { reapExports } from "./reap-exports.js";
import { reconcilePage, startReconcile, sweepReconciles } from "./reconcile.js";
import { enqueuePull, importOrder, pullOrders, type ImportResult } from "./order-import.js";

/**
 * `services.channels`: connections (credentials sealed), the catalog backfill, stock sync and order
 * import. The jobs call the `run*` methods; routes call the rest.
 */
export function createChannelService(context: ChannelContext) {
  const connections = createConnectionOperations(context);
  return {
    ...connections,
    /** Starts or resumes the catalog backfill; answers the connection with its progress. */
    startBackfill: (organizationId: string, connectionId: string): Promise<Connection> =>
      startBackfill(context, organizationId, connectionId),
    /** Enqueues a pull of the channel's orders now; each run enqueues the next after `pullIntervalMs`. */
    async startOrderPull(organizationId: string, connectionId: string): Promise<Connection> {
      const connection = await connections.get(organizationId, connectionId);
      await enqueuePull(context, organizationId, connectionId);
      return connection;
    },
    /** `channel/backfill-catalog`: one page. */
    runBackfillPage: (organizationId: string, connectionId: string): Promise<BackfillPageResult> =>
      backfillPage(context, organizationId, connectionId),
    /** `channel/sync-inventory`: one listing's level. */
    runInventorySync: (organizationId: string, input: { connectionId: string; entityId: string }) =>
      syncInventory(context, organizationId, input),
    /** `channel/pull-orders`: one pull, then the next one scheduled while the connection exists. */
    async runOrderPull(organizationId: string, connectionId: string) {
      const totals = await pullOrders(context, organizationId, connectionId);
      const exists = await readConnectionRow(context.database.db, organizationId, connectionId).then(
        () => true,
        () => false,
      );
      if (exists) await enqueuePull(context, organizationId, connectionId, context.settings.pullIntervalMs);
      return totals;
    },
    /** `channel/push-order`: an imported order's shipments, sent back to the channel. */
    runOrderPush: (organizationId: string, input: { connectionId: string; orderId: string }) =>
      pushOrderShipments(context, organizationId, input),
    /** Starts or resumes a reconcile of the connection (`channel/reconcile`, one page per run). */
    startReconcile: (organizationId: string, connectionId: string): Promise<Connection> =>
      startReconcile(context, organizationId, connectionId),
    /** `channel/reconcile`: one page of listings compared and repaired. */
    runReconcilePage: (organizationId: string, connectionId: string) =>
      reconcilePage(context, organizationId, connectionId),
    /** `channel/reconcile-sweep`: a reconcile started for every connection of every organization. */
    sweepReconciles: (): Promise<number> => sweepReconciles(context),
    /** `channel/reap-exports`: stale cursors cleared, adapters' old export files removed. */
    reapExports: (now?: Date) => reapExports(context, now),
    /** Imports one order delivered by the channel (a webhook receiver calls this); de-duplicated by its id. */
    async importOrder(organizationId: string, connectionId: string, order: ChannelOrder): Promise<ImportResult> {
      return importOrder(context, await readConnectionRow(context.database.db, organizationId, connectionId), order);
    },
  };
}

export type ChannelService = ReturnType<typeof createChannelService>;
export type { Connection, CreateConnectionInput };
