import type { ChannelService } from "./channel-service.js";

/** The channel tasks, each keyed per connection (a store on a channel). */
export const BACKFILL_TASK = "channel/backfill-catalog";
export const SYNC_INVENTORY_TASK = "channel/sync-inventory";
export const PULL_ORDERS_TASK = "channel/pull-orders";
export const PUSH_ORDER_TASK = "channel/push-order";
export const RECONCILE_TASK = "channel/reconcile";
export const RECONCILE_SWEEP_TASK = "channel/reconcile-sweep";
export const REAP_EXPORTS_TASK = "channel/reap-exports";

declare module "@unified-commerce/plugin-sdk" {
  interface Services {
    channels: ChannelService;
  }
  interface TaskInputs {
    /** Pushes one page of the catalog, then enqueues itself for the next until done. */
    "channel/backfill-catalog": { connectionId: string };
    /** Pushes the current available level of one entity (and variant) to the channel. */
    "channel/sync-inventory": { connectionId: string; entityId: string; variantId: string | null };
    /** Pulls the channel's waiting orders and imports them through checkout. */
    "channel/pull-orders": { connectionId: string };
    /** Pushes what this store has shipped of an imported order to the channel. */
    "channel/push-order": { connectionId: string; orderId: string };
    /** Compares one page of listings with the channel and repairs drift; enqueues itself until done. */
    "channel/reconcile": { connectionId: string };
    /** Starts a reconcile of every connection; recurring, every `reconcileIntervalMs`. */
    "channel/reconcile-sweep": Record<string, never>;
    /** Removes exported files the channels have taken and resets stale cursors; recurring, every `reapIntervalMs`. */
    "channel/reap-exports": Record<string, never>;
  }
}
