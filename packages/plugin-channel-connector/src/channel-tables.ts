import type { ColumnType, Generated } from "kysely";
import type { Json, Timestamp } from "@unified-commerce/plugin-sdk";

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Where a connection's catalog backfill stands. */
export type BackfillStatus = "idle" | "running" | "done";

/** What the last (or current) reconcile found and repaired. */
export interface ReconcileReport {
  startedAt: string;
  finishedAt: string | null;
  /** Listings compared so far. */
  checked: number;
  /** Listings whose stock differed on the channel, set again. */
  stockRepaired: number;
  /** Listings whose price differed on the channel, set again. */
  priceRepaired: number;
  /** Listings the channel no longer has (this store's entity ids, the first 100); a backfill lists them again. */
  missing: string[];
  /** Listings whose entity this store deleted; their listings were dropped. */
  dropped: number;
}

/** The plugin's tables as `db.withTables<ChannelTables>()` sees them (camelCase over snake_case). */
export type ChannelTables = {
  channelConnections: {
    id: string;
    organizationId: string;
    name: string;
    adapterId: string;
    settings: Json<Record<string, string>>;
    /** `secrets.seal(JSON.stringify(credentials))`; opened only to hand the adapter a session. */
    sealedCredentials: string;
    /** The credentials' names, kept apart so reading a connection never opens its secrets. */
    credentialKeys: Json<string[]>;
    backfillStatus: ColumnType<BackfillStatus, BackfillStatus | undefined, BackfillStatus>;
    /** The next page to push (a page number of the catalog, oldest first); null before and after a run. */
    backfillCursor: string | null;
    backfillPages: Generated<number>;
    backfillItems: Generated<number>;
    backfillErrors: Generated<number>;
    backfillLastError: string | null;
    backfillStartedAt: NullableTimestamp;
    backfillFinishedAt: NullableTimestamp;
    stockPushes: Generated<number>;
    ordersImported: Generated<number>;
    ordersRejected: Generated<number>;
    reconcileStatus: ColumnType<BackfillStatus, BackfillStatus | undefined, BackfillStatus>;
    /** The last entity id reconciled in the current run (listings go in entity id order). */
    reconcileCursor: string | null;
    reconcileReport: ColumnType<ReconcileReport | null, string | null | undefined, string | null>;
    createdAt: Timestamp;
    updatedAt: Timestamp;
  };
  channelListings: {
    connectionId: string;
    organizationId: string;
    entityId: string;
    externalId: string;
    pushedAt: Timestamp;
  };
  channelOrders: {
    id: string;
    organizationId: string;
    connectionId: string;
    externalOrderId: string;
    orderId: string | null;
    status: "imported" | "rejected";
    reason: string | null;
    createdAt: Timestamp;
  };
};
