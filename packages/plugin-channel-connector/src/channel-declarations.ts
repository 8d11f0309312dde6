import type { ChannelService } from "./channel-service.js";

/** The channel tasks, each keyed per connection (a store on a channel). */
export const BACKFILL_TASK = "channel/backfill-catalog";
export const SYNC_INVENTORY_TASK = "channel/sync-inventory";
export const PULL_ORDERS_TASK = "channel/pull-orders";
export const PUSH_ORDER_TASK = "channel/push-order";

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
  }
}
