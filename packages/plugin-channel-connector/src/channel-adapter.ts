import type { OutboundClient } from "@unified-commerce/plugin-sdk";

/**
 * The contract between the connector and a sales channel (another store, a marketplace, a feed). One
 * operation, one input, one output: the connector owns the jobs, cursors, retries and bookkeeping; an
 * adapter only speaks the channel's protocol. Adapters are factories returning a plain object (see
 * `restStoreAdapter` for the reference one) and are registered by `id` in the plugin's options.
 */
export interface ChannelAdapter {
  /** Unique id, stored on each connection (`"rest-store"`). */
  id: string;
  /** What the adapter connects to, for listings and `/api/doc`. */
  description: string;
  /**
   * Settings that are URLs the adapter calls (`["baseUrl"]`). Each is required, must be http(s) and is
   * checked against the deployment's outbound address policy when a connection is registered (a 422
   * `CHANNEL_TARGET_REFUSED` in production, nothing stored); every call checks the address again.
   * @default []
   */
  urlSettings?: readonly string[];
  /**
   * Opens a session on one connection: `settings` are the connection's public settings (a base URL, a
   * currency), `credentials` its secrets, decrypted for this call only and never stored by the adapter.
   * Calls to the channel go through `context.outbound` (never `fetch`), which enforces the address policy
   * at connect time, refuses redirects, and bounds time and answer size.
   */
  open(connection: ChannelConnectionAccess, context: ChannelAdapterContext): ChannelSession;
}

/** What the connector hands an adapter besides the connection. */
export interface ChannelAdapterContext {
  /** The kernel's guarded HTTP client (`services.outbound`). */
  outbound: OutboundClient;
}

/** What an adapter sees of a connection when it opens a session. */
export interface ChannelConnectionAccess {
  id: string;
  organizationId: string;
  settings: Readonly<Record<string, string>>;
  credentials: Readonly<Record<string, string>>;
}

/** A product as the connector hands it to a channel: this store's entity, priced and stocked. */
export interface ChannelProduct {
  /** This store's entity id; the adapter keeps it on the channel's side when the channel can. */
  entityId: string;
  /** Stable across both sides: the reference adapter finds an existing listing by it. */
  slug: string;
  title: string;
  status: "active" | "draft" | "archived" | "discontinued";
  /** Minor units in `currency`; null when this store has no price in that currency. */
  price: number | null;
  currency: string;
  /** Available units (on hand minus reserved, every warehouse). */
  available: number;
}

/** A product as the channel lists it. */
export interface ChannelListing {
  externalId: string;
  slug: string;
  title: string;
  price: number | null;
  available: number | null;
}

/** One page of a channel's listings; `nextCursor` null on the last page. */
export interface ChannelListingPage {
  items: ChannelListing[];
  nextCursor: string | null;
}

/** An order placed on the channel, as the connector imports it. */
export interface ChannelOrder {
  /** The channel's id of the order: the connector imports each one once. */
  externalId: string;
  currency: string;
  lines: { externalProductId: string; quantity: number }[];
}

/** How an imported order ended here, told back to the channel by `acknowledgeOrder`. */
export type ChannelOrderOutcome =
  | { status: "accepted"; orderId: string; orderNumber: string }
  | { status: "rejected"; reason: string };

/**
 * What this store has shipped of a channel order so far: cumulative units per listing, and the latest
 * shipment's tracking. Absolute, like a stock level, so pushing it twice ships nothing twice.
 */
export interface ChannelShipments {
  externalOrderId: string;
  shipped: { externalProductId: string; quantity: number }[];
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

/**
 * A session on one connection. Every operation must be safe to repeat: a job can run twice (a worker
 * dies after the channel answered and before the connector stored the result), so `pushProduct` is an
 * upsert (by slug for the reference adapter), `setStock` sets an absolute level, and acknowledging an
 * order twice does no harm.
 */
export interface ChannelSession {
  /** One page of the channel's listings, from `cursor` (null: the first page). */
  listProducts(input: { cursor: string | null; limit: number }): Promise<ChannelListingPage>;
  /** Creates or updates the product on the channel; answers the channel's id for it. */
  pushProduct(product: ChannelProduct): Promise<{ externalId: string }>;
  /** Sets the channel's available quantity of one listing to `available` (an absolute level). */
  setStock(input: { externalId: string; available: number }): Promise<void>;
  /** Orders waiting on the channel, at most `limit`, oldest first. */
  pullOrders(input: { limit: number }): Promise<ChannelOrder[]>;
  /** Tells the channel the order was imported (or refused), so it is not pulled again. */
  acknowledgeOrder(input: { externalId: string; outcome: ChannelOrderOutcome }): Promise<void>;
  /** The channel's current price (in `currency`) and available stock of each listing; missing ones are left out. */
  readListings(input: { externalIds: string[]; currency: string }): Promise<ChannelListing[]>;
  /** Sets the listing's price (minor units of `currency`). */
  setPrice(input: { externalId: string; price: number; currency: string }): Promise<void>;
  /**
   * Removes files the adapter exported that the channel has taken (a feed-based channel's uploads);
   * answers how many. Adapters that export no files leave it out.
   */
  reapExports?(input: { olderThan: Date }): Promise<number>;
  /** Brings the channel's shipments of an order up to `shipped` (only the difference is shipped there). */
  pushShipments(input: ChannelShipments): Promise<void>;
}

/**
 * A refusal by the channel of one item (a product it will not list): counted as an error on the
 * connection's progress while the rest goes on. Any other error fails the job's attempt and the queue
 * retries it (a network fault, the channel down).
 */
export class ChannelItemRejected extends Error {
  override readonly name = "ChannelItemRejected";
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export const isChannelItemRejected = (error: unknown): error is ChannelItemRejected =>
  error instanceof ChannelItemRejected;

/** The adapters of a deployment, by id. Ids are unique; an unknown id is a 422 when connecting. */
export interface AdapterRegistry {
  get(id: string): ChannelAdapter | undefined;
  ids(): string[];
}

export function createAdapterRegistry(adapters: readonly ChannelAdapter[]): AdapterRegistry {
  const byId = new Map<string, ChannelAdapter>();
  for (const adapter of adapters) {
    if (byId.has(adapter.id)) throw new Error(`channel-connector: two adapters have the id "${adapter.id}"`);
    byId.set(adapter.id, adapter);
  }
  return { get: (id) => byId.get(id), ids: () => [...byId.keys()] };
}
