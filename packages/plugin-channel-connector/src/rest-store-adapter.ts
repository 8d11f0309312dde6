import type { OutboundClient } from "@unified-commerce/plugin-sdk";
import {
  ChannelItemRejected,
  type ChannelShipments,
  type ChannelAdapter,
  type ChannelConnectionAccess,
  type ChannelListing,
  type ChannelOrder,
  type ChannelProduct,
  type ChannelSession,
} from "./channel-adapter.js";

/** The transport the adapter calls; injectable so tests can route the calls elsewhere. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; json(): Promise<unknown> }>;

export interface RestStoreAdapterOptions {
  /**
   * Replaces the kernel's guarded client (`services.outbound`) and with it the address policy, the
   * redirect refusal and the limits: for tests only.
   * @default the kernel's outbound client
   */
  fetch?: FetchLike;
  /** The id the adapter registers under. @default "rest-store" */
  id?: string;
}

/** Settings a `rest-store` connection needs (public, shown on the connection). */
export const REST_STORE_SETTINGS = {
  /** The other store's origin, e.g. `https://shop.example.com` (its API lives under `/api`). */
  baseUrl: "baseUrl",
  /** Code of the warehouse on the other store that holds the channel's stock. @default "channel" */
  warehouseCode: "warehouseCode",
} as const;

/** Credentials of a `rest-store` connection (sealed at rest, never answered). */
export const REST_STORE_CREDENTIALS = {
  /** An API key of the other store with catalog, pricing, inventory and orders permissions. */
  apiKey: "apiKey",
} as const;

type Envelope = { data?: unknown; meta?: { total?: number }; error?: { code?: string; message?: string } };
type RemoteEntity = {
  id: string;
  slug: string;
  status: string;
  attributes?: Record<string, { title?: string | null }>;
};
type RemoteOrder = {
  id: string;
  currency: string;
  status: string;
  lines?: { lineItemId: string; entityId: string; quantity: number }[];
};
type RemoteFulfillment = { lines: { lineItemId: string; quantity: number }[] };

/**
 * The reference adapter: the channel is another store of this project, reached over its REST API with
 * one of its API keys (`x-api-key`). Products are matched by slug (so a repeated push updates instead
 * of duplicating), stock is set in one warehouse of the other store by a `correction` adjustment,
 * orders are its `pending` orders and acknowledging moves them to `confirmed` (or `cancelled` when
 * this store refused them). Adapters for other platforms follow the same shape.
 */
export function restStoreAdapter(options: RestStoreAdapterOptions = {}): ChannelAdapter {
  return {
    id: options.id ?? "rest-store",
    description: "Another Unified Commerce store, over its REST API with an API key",
    urlSettings: [REST_STORE_SETTINGS.baseUrl],
    open: (connection, { outbound }) => openSession(options.fetch ?? outboundFetch(outbound), connection),
  };
}

/** The kernel's guarded client as the adapter calls it. */
const outboundFetch =
  (outbound: OutboundClient): FetchLike =>
  async (url, init) => {
    const answer = await outbound.request(url, init);
    return { status: answer.status, json: async () => answer.json() };
  };

function openSession(fetchImpl: FetchLike, connection: ChannelConnectionAccess): ChannelSession {
  const baseUrl = (connection.settings.baseUrl ?? "").replace(/\/+$/, "");
  const apiKey = connection.credentials.apiKey ?? "";
  const warehouseCode = connection.settings.warehouseCode ?? "channel";
  let warehouseId: string | null = null;

  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Envelope }> {
    const response = await fetchImpl(`${baseUrl}/api${path}`, {
      method,
      headers: {
        "x-api-key": apiKey,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const status = response.status;
    // Faults of the other side (and of the credentials) fail the attempt: the queue retries them. A
    // redirect is one too: the client never follows it (it could point inside the network).
    // The messages name the status only: they are stored (`lastError`, the job's error) and shown to
    // staff, so nothing the other side wrote may ride in them.
    if (status >= 500 || status === 401 || status === 403 || status === 429)
      throw new Error(`${method} ${path} on the channel answered ${status}`);
    if (status >= 300 && status < 400)
      throw new Error(`${method} ${path} on the channel answered ${status} (redirects are not followed)`);
    return { status, body: (await response.json().catch(() => ({}))) as Envelope };
  }

  const expect = (answer: { status: number; body: Envelope }, what: string): unknown => {
    if (answer.status >= 300)
      throw new ChannelItemRejected(`${what}: the channel answered ${answer.status}`, answer.status);
    return answer.body.data;
  };

  async function findEntity(slug: string): Promise<RemoteEntity | null> {
    const found = await call("GET", `/catalog/entities/${encodeURIComponent(slug)}`);
    if (found.status === 404) return null;
    return expect(found, `reading ${slug}`) as RemoteEntity;
  }

  async function channelWarehouse(): Promise<string> {
    if (warehouseId) return warehouseId;
    for (let page = 1; ; page += 1) {
      const listed = await call("GET", `/inventory/warehouses?limit=100&page=${page}`);
      const items = expect(listed, "listing warehouses") as { id: string; code: string }[];
      const match = items.find((warehouse) => warehouse.code === warehouseCode);
      if (match) return (warehouseId = match.id);
      if (items.length < 100) break;
    }
    const created = await call("POST", "/inventory/warehouses", {
      name: `Channel ${warehouseCode}`,
      code: warehouseCode,
    });
    // Another session created it meanwhile: read it again.
    if (created.status === 409) return channelWarehouse();
    return (warehouseId = (expect(created, "creating the channel warehouse") as { id: string }).id);
  }

  type Stock = { entityId: string; available: number }[];
  /** Stock of the listings; the check is a 404 when one is gone, then they are read one by one to find which. */
  async function stockOf(ids: string[]): Promise<Stock> {
    const checked = await call("GET", `/inventory/check?entityIds=${ids.join(",")}`);
    if (checked.status !== 404) return expect(checked, "reading stock") as Stock;
    if (ids.length === 1) return [];
    return (await Promise.all(ids.map((id) => stockOf([id])))).flat();
  }

  const toListing = (entity: RemoteEntity): ChannelListing => ({
    externalId: entity.id,
    slug: entity.slug,
    title: Object.values(entity.attributes ?? {})[0]?.title ?? entity.slug,
    price: null,
    available: null,
  });

  return {
    async listProducts({ cursor, limit }) {
      const page = cursor === null ? 1 : Number(cursor);
      const listed = await call(
        "GET",
        `/catalog/entities?type=product&sort=createdAt:asc&include=attributes&limit=${limit}&page=${page}`,
      );
      const items = (expect(listed, "listing products") as RemoteEntity[]).map(toListing);
      return { items, nextCursor: items.length < limit ? null : String(page + 1) };
    },

    async pushProduct(product: ChannelProduct) {
      const fields = {
        status: product.status,
        attributes: { en: { title: product.title } },
        metadata: { channelEntityId: product.entityId },
      };
      let entity = await findEntity(product.slug);
      if (!entity) {
        const created = await call("POST", "/catalog/entities", { type: "product", slug: product.slug, ...fields });
        // A concurrent push of the same slug won: update the one it made.
        entity =
          created.status === 409
            ? await findEntity(product.slug)
            : (expect(created, `creating ${product.slug}`) as RemoteEntity);
        if (!entity) throw new ChannelItemRejected(`${product.slug} could neither be created nor found`);
      } else {
        expect(await call("PATCH", `/catalog/entities/${entity.id}`, fields), `updating ${product.slug}`);
      }
      if (product.price !== null)
        expect(
          await call("POST", "/pricing/prices", {
            entityId: entity.id,
            currency: product.currency,
            amount: product.price,
          }),
          `pricing ${product.slug}`,
        );
      return { externalId: entity.id };
    },

    async setStock({ externalId, available }) {
      const checked = expect(await call("GET", `/inventory/check?entityIds=${externalId}`), "reading stock") as {
        available: number;
      }[];
      const delta = available - (checked[0]?.available ?? 0);
      if (delta === 0) return;
      const warehouse = await channelWarehouse();
      expect(
        await call("POST", "/inventory/adjust", {
          entityId: externalId,
          warehouseId: warehouse,
          type: "correction",
          quantity: delta,
          note: `channel connection ${connection.id}`,
        }),
        "setting stock",
      );
    },

    async pullOrders({ limit }) {
      const listed = expect(
        await call("GET", `/orders?status=pending&limit=${limit}`),
        "listing orders",
      ) as RemoteOrder[];
      const orders: ChannelOrder[] = [];
      // The list is newest first; import oldest first.
      for (const summary of [...listed].reverse()) {
        const order = expect(await call("GET", `/orders/${summary.id}`), `reading order ${summary.id}`) as RemoteOrder;
        orders.push({
          externalId: order.id,
          currency: order.currency,
          lines: (order.lines ?? []).map((line) => ({ externalProductId: line.entityId, quantity: line.quantity })),
        });
      }
      return orders;
    },

    async acknowledgeOrder({ externalId, outcome }) {
      const status = outcome.status === "accepted" ? "confirmed" : "cancelled";
      const moved = await call("PATCH", `/orders/${externalId}/status`, {
        status,
        reason: outcome.status === "accepted" ? `imported as ${outcome.orderNumber}` : outcome.reason.slice(0, 500),
      });
      // 409: moved already (an earlier acknowledgement whose answer was lost).
      if (moved.status !== 409) expect(moved, `acknowledging order ${externalId}`);
    },

    async readListings({ externalIds, currency }) {
      if (externalIds.length === 0) return [];
      const listings: ChannelListing[] = [];
      for (let start = 0; start < externalIds.length; start += 100) {
        const ids = externalIds.slice(start, start + 100);
        const stock = await stockOf(ids);
        for (const entry of stock) {
          const prices = expect(
            await call("GET", `/pricing/prices?entityId=${entry.entityId}&currency=${currency}&limit=100`),
            "reading prices",
          ) as { amount: number; variantId: string | null; customerGroupId: string | null }[];
          const base = prices.find((price) => price.variantId === null && price.customerGroupId === null);
          listings.push({
            externalId: entry.entityId,
            slug: "",
            title: "",
            price: base?.amount ?? null,
            available: entry.available,
          });
        }
      }
      return listings;
    },

    async setPrice({ externalId, price, currency }) {
      expect(
        await call("POST", "/pricing/prices", { entityId: externalId, currency, amount: price }),
        `pricing ${externalId}`,
      );
    },

    async pushShipments(input: ChannelShipments) {
      const path = `/orders/${input.externalOrderId}`;
      const order = expect(await call("GET", path), `reading order ${input.externalOrderId}`) as RemoteOrder;
      const fulfillments = expect(
        await call("GET", `${path}/fulfillments`),
        `reading shipments of ${input.externalOrderId}`,
      ) as RemoteFulfillment[];
      const shippedThere = new Map<string, number>();
      for (const line of fulfillments.flatMap((fulfillment) => fulfillment.lines))
        shippedThere.set(line.lineItemId, (shippedThere.get(line.lineItemId) ?? 0) + line.quantity);
      // Spread each product's units shipped here over the channel order's lines of that product.
      const lines: { lineItemId: string; quantity: number }[] = [];
      for (const { externalProductId, quantity } of input.shipped) {
        let left = quantity;
        for (const line of (order.lines ?? []).filter((candidate) => candidate.entityId === externalProductId)) {
          const already = Math.min(shippedThere.get(line.lineItemId) ?? 0, line.quantity);
          const target = Math.min(left, line.quantity);
          left -= target;
          if (target > already) lines.push({ lineItemId: line.lineItemId, quantity: target - already });
        }
      }
      if (lines.length === 0) return;
      // Shipping needs the order in processing; a 409 means it is there or past it already.
      if (order.status === "confirmed") {
        const moved = await call("PATCH", `${path}/status`, { status: "processing" });
        if (moved.status !== 409) expect(moved, `processing order ${input.externalOrderId}`);
      }
      const tracking = {
        ...(input.carrier ? { carrier: input.carrier } : {}),
        ...(input.trackingNumber ? { trackingNumber: input.trackingNumber } : {}),
        ...(input.trackingUrl ? { trackingUrl: input.trackingUrl } : {}),
      };
      expect(
        await call("POST", `${path}/fulfillments`, { lines, ...tracking }),
        `shipping order ${input.externalOrderId}`,
      );
    },
  };
}
