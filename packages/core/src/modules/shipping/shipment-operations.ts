import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import { emitShippingEvent, shippingScope, type ShippingContext } from "./shipping-context.js";
import { shippingErrors } from "./shipping-errors.js";
import type { TrackingEvent, TrackingWebhookDelivery } from "./shipping-fulfillment-provider.js";
import { resolveShippingAttributes } from "./shipping-quote.js";
import type { shipmentSchema } from "./shipping-schemas.js";

/** A shipment as the API answers it. */
export type Shipment = z.output<typeof shipmentSchema>;

/** The job that asks the provider for a shipment, after the fulfillment committed. */
export const CREATE_SHIPMENT_TASK = "shipping/create-shipment";

const MAX_ERROR_LENGTH = 500;

/** How long a run may take asking the provider before another run may ask again. */
export const CLAIM_SECONDS = 120;

const SHIPMENT_COLUMNS = [
  "id",
  "orderId",
  "fulfillmentId",
  "providerId",
  "optionId",
  "status",
  "trackingNumber",
  "trackingUrl",
  "labelUrl",
  "createdAt",
  "updatedAt",
] as const;

/** What `fulfillment.create` carries that a shipment needs. */
export interface FulfilledEvent {
  organizationId: string;
  orderId: string;
  fulfillment: {
    id: string;
    trackingNumber: string | null;
    lines: readonly { lineItemId: string; quantity: number }[];
  };
}

export function createShipmentOperations(context: ShippingContext) {
  const { services } = context;

  /** The order's shipping method the fulfillment's lines ship with, when its option names a provider. */
  const providerMethodOf = async (trx: Transaction<CoreTables>, event: FulfilledEvent) => {
    const order = await services.orders.get(event.organizationId, event.orderId, { trx });
    if (order.shippingMethods.length === 0) return null;
    const optionIds = order.shippingMethods.map((method) => method.optionId);
    const providers = await shippingScope(trx, event.organizationId)
      .selectFrom("shippingOptions")
      .select(["id", "fulfillmentProviderId"])
      .where("id", "in", optionIds)
      .where("fulfillmentProviderId", "is not", null)
      .execute();
    if (providers.length === 0) return null;
    // Lines of one fulfillment ship together: the profile of its first line picks the method.
    const first = order.lines.find((line) => line.lineItemId === event.fulfillment.lines[0]?.lineItemId);
    const [attributes] = first ? await resolveShippingAttributes(context, event.organizationId, [first], { trx }) : [];
    const method =
      order.shippingMethods.find((candidate) => candidate.profileId === attributes?.profileId) ??
      (order.shippingMethods.length === 1 ? order.shippingMethods[0] : undefined);
    const provider = providers.find((row) => row.id === method?.optionId);
    return method && provider?.fulfillmentProviderId
      ? { optionId: method.optionId, providerId: provider.fulfillmentProviderId, order }
      : null;
  };

  return {
    /**
     * `fulfillment.create`, in the fulfillment's transaction: when the order's shipping option for its
     * lines names a fulfillment provider and staff typed no tracking, records a `pending` shipment (one per
     * fulfillment: a unique key) and enqueues `shipping/create-shipment`, so the provider is called once
     * the fulfillment committed, never for one that rolled back.
     */
    async recordShipment(event: FulfilledEvent, { trx }: Required<TxOptions>): Promise<void> {
      if (event.fulfillment.trackingNumber !== null) return;
      const chosen = await providerMethodOf(trx, event);
      if (!chosen) return;
      const inserted = await shippingScope(trx, event.organizationId)
        .insertInto("shippingShipments", {
          id: randomUUID(),
          orderId: event.orderId,
          fulfillmentId: event.fulfillment.id,
          providerId: chosen.providerId,
          optionId: chosen.optionId,
          status: "pending",
          trackingNumber: null,
          trackingUrl: null,
          labelUrl: null,
          lastError: null,
        })
        .onConflict((oc) => oc.column("fulfillmentId").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted)
        await services.jobs.enqueue(
          CREATE_SHIPMENT_TASK,
          { shipmentId: inserted.id },
          { organizationId: event.organizationId, trx },
        );
    },

    /**
     * The job's work: claims the shipment (a lease, so parallel runs ask once), asks the provider outside
     * any transaction with the shipment's id as idempotency key (a run after a crash asks again with the
     * same key), then records the tracking with a guarded update (`where tracking_number is null`), on the
     * shipment and on the fulfillment, so a job run twice records one shipment. A throw is recorded and rethrown
     * (the queue retries with backoff); the last attempt leaves the shipment `failed`.
     */
    async createProviderShipment(
      organizationId: string,
      shipmentId: string,
      attempt: { isLast: boolean },
    ): Promise<Shipment | null> {
      const scope = shippingScope(context.db, organizationId);
      const shipment = await scope
        .selectFrom("shippingShipments")
        .select(SHIPMENT_COLUMNS)
        .where("id", "=", shipmentId)
        .executeTakeFirst();
      if (!shipment || shipment.trackingNumber !== null) return null;
      const provider = context.fulfillmentProviders.get(shipment.providerId);
      if (!provider) throw new Error(`No fulfillment provider "${shipment.providerId}" is configured`);
      const order = await services.orders.get(organizationId, shipment.orderId);
      const fulfillments = await services.orders.listFulfillments(organizationId, shipment.orderId);
      const fulfillment = fulfillments.find((candidate) => candidate.id === shipment.fulfillmentId);
      // One run at a time asks the provider. Another run holding the lease makes this one fail, so the
      // queue tries again later (after the lease, should that run have died); one that already recorded
      // the tracking leaves nothing to do.
      const claimed = await scope
        .updateTable("shippingShipments")
        .set({ claimedUntil: sql`now() + ${`${CLAIM_SECONDS} seconds`}::interval` })
        .where("id", "=", shipmentId)
        .where("trackingNumber", "is", null)
        // A shipment cancelled before the carrier was asked is never asked for.
        .where("status", "=", "pending")
        .where((eb) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<", sql<Date>`now()`)]))
        .returning("id")
        .executeTakeFirst();
      if (!claimed) {
        const current = await scope
          .selectFrom("shippingShipments")
          .select("trackingNumber")
          .where("id", "=", shipmentId)
          .executeTakeFirst();
        if (current?.trackingNumber) return null;
        throw new Error(`Shipment ${shipmentId} is being created by another run`);
      }
      let created: Awaited<ReturnType<typeof provider.createShipment>>;
      try {
        created = await provider.createShipment(
          {
            organizationId,
            shipmentId,
            orderId: order.id,
            orderNumber: order.number,
            fulfillmentId: shipment.fulfillmentId,
            address: order.shippingAddress,
            optionId: shipment.optionId,
            lines: fulfillment?.lines ?? [],
          },
          { outbound: services.outbound },
        );
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
        context.logger.warn({ err: error, shipmentId, provider: provider.id }, "fulfillment provider call failed");
        await scope
          .updateTable("shippingShipments")
          .set({
            attempts: sql`attempts + 1`,
            lastError: message,
            claimedUntil: null,
            ...(attempt.isLast ? { status: "failed" as const } : {}),
            updatedAt: new Date(),
          })
          .where("id", "=", shipmentId)
          .execute();
        throw error;
      }
      return inTransaction(context.database, undefined, async (trx) => {
        const updated = await shippingScope(trx, organizationId)
          .updateTable("shippingShipments")
          .set({
            // Cancelled while the carrier was being asked: the tracking is recorded all the same, so the
            // cancel job (waiting on this run's lease) cancels what the carrier made.
            status: sql<"created" | "cancelling">`case when status = 'cancelling' then 'cancelling' else 'created' end`,
            trackingNumber: created.trackingNumber,
            trackingUrl: created.trackingUrl ?? null,
            labelUrl: created.labelUrl ?? null,
            attempts: sql`attempts + 1`,
            lastError: null,
            claimedUntil: null,
            updatedAt: new Date(),
          })
          .where("id", "=", shipmentId)
          .where("trackingNumber", "is", null)
          .returning("id")
          .executeTakeFirst();
        if (!updated) return null;
        await services.orders.setFulfillmentTracking(
          {
            organizationId,
            fulfillmentId: shipment.fulfillmentId,
            carrier: provider.id,
            trackingNumber: created.trackingNumber,
            trackingUrl: created.trackingUrl ?? null,
          },
          { trx },
        );
        await services.orders.appendShipmentTimeline(
          {
            organizationId,
            orderId: order.id,
            actor: null,
            summary: `Shipment ${created.trackingNumber} created by ${provider.id}`,
            data: {
              shipmentId,
              change: "created",
              providerId: provider.id,
              trackingNumber: created.trackingNumber,
              trackingUrl: created.trackingUrl ?? null,
            },
          },
          { trx },
        );
        await emitShippingEvent(context, trx, {
          organizationId,
          type: "shipping.update",
          entityType: "shipment",
          entityId: shipmentId,
          payload: { change: "shipmentCreated", orderId: order.id, trackingNumber: created.trackingNumber },
          actor: null,
        });
        return (await readShipments(trx, organizationId, order.id)).find((row) => row.id === shipmentId) ?? null;
      });
    },

    /**
     * A provider's tracking webhook: verified by the provider (a throw is a 400, nothing recorded), each
     * event recorded once per shipment and event id (a replay changes nothing) on this store's shipment of
     * that tracking number, the shipment's status following the event. Unknown tracking numbers are counted,
     * not recorded.
     */
    async receiveTrackingWebhook(
      organizationId: string,
      providerId: string,
      delivery: TrackingWebhookDelivery,
    ): Promise<{ recorded: number; duplicates: number; unknown: number }> {
      const provider = context.fulfillmentProviders.get(providerId);
      if (!provider?.parseTrackingWebhook) throw shippingErrors.providerNotFound();
      let events: Awaited<ReturnType<NonNullable<typeof provider.parseTrackingWebhook>>>;
      try {
        events = await provider.parseTrackingWebhook(delivery);
      } catch (error) {
        throw shippingErrors.webhookRejected(error instanceof Error ? error.message : "rejected");
      }
      return inTransaction(context.database, undefined, async (trx) => {
        const scope = shippingScope(trx, organizationId);
        const counts = { recorded: 0, duplicates: 0, unknown: 0 };
        for (const event of events) {
          const shipment = await scope
            .selectFrom("shippingShipments")
            .select(["id", "orderId", "trackingNumber"])
            .where("providerId", "=", providerId)
            .where("trackingNumber", "=", event.trackingNumber)
            .forUpdate()
            .executeTakeFirst();
          if (!shipment) {
            counts.unknown += 1;
            continue;
          }
          const inserted = await scope
            .insertInto("shippingTrackingEvents", {
              id: randomUUID(),
              shipmentId: shipment.id,
              providerEventId: event.eventId,
              status: event.status,
              description: event.description ?? null,
              location: event.location ?? null,
              occurredAt: new Date(event.occurredAt),
            })
            .onConflict((oc) => oc.columns(["shipmentId", "providerEventId"]).doNothing())
            .returning("id")
            .executeTakeFirst();
          if (!inserted) {
            counts.duplicates += 1;
            continue;
          }
          counts.recorded += 1;
          // A cancelled shipment keeps its events but not the carrier's status: the cancellation stands.
          await scope
            .updateTable("shippingShipments")
            .set({ status: event.status, updatedAt: new Date() })
            .where("id", "=", shipment.id)
            .where("status", "not in", ["cancelling", "cancelled"])
            .execute();
          await services.orders.appendShipmentTimeline(
            {
              organizationId,
              orderId: shipment.orderId,
              actor: null,
              summary: trackingSummary(shipment.trackingNumber, event),
              data: {
                shipmentId: shipment.id,
                change: "tracked",
                providerId,
                trackingNumber: event.trackingNumber,
                eventId: event.eventId,
                status: event.status,
                description: event.description ?? null,
                location: event.location ?? null,
                occurredAt: event.occurredAt,
              },
            },
            { trx },
          );
          await emitShippingEvent(context, trx, {
            organizationId,
            type: "shipping.update",
            entityType: "shipment",
            entityId: shipment.id,
            payload: {
              change: "tracked",
              orderId: shipment.orderId,
              status: event.status,
              occurredAt: event.occurredAt,
            },
            actor: null,
          });
        }
        return counts;
      });
    },

    /** An order's shipments with their tracking events (oldest first); none for an order without any. */
    listShipments: (organizationId: string, orderId: string, options?: TxOptions): Promise<Shipment[]> =>
      readShipments(options?.trx ?? context.db, organizationId, orderId),
  };
}

/** "Shipment TP1234: in transit, Leipzig hub (Sorted)": the timeline's line for a carrier's event. */
function trackingSummary(trackingNumber: string | null, event: TrackingEvent): string {
  const where = event.location ? `, ${event.location}` : "";
  const what = event.description ? ` (${event.description})` : "";
  return `Shipment ${trackingNumber ?? event.trackingNumber}: ${event.status.replaceAll("_", " ")}${where}${what}`;
}

export async function readShipments(
  db: Parameters<typeof shippingScope>[0],
  organizationId: string,
  orderId: string,
): Promise<Shipment[]> {
  const scope = shippingScope(db, organizationId);
  const rows = await scope
    .selectFrom("shippingShipments")
    .select(SHIPMENT_COLUMNS)
    .where("orderId", "=", orderId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  if (rows.length === 0) return [];
  const events = await scope
    .selectFrom("shippingTrackingEvents")
    .select(["shipmentId", "status", "description", "location", "occurredAt"])
    .where(
      "shipmentId",
      "in",
      rows.map((row) => row.id),
    )
    .orderBy("occurredAt")
    .execute();
  return rows.map(({ optionId: _optionId, ...row }) => ({
    ...row,
    events: events
      .filter((event) => event.shipmentId === row.id)
      .map((event) => ({
        status: event.status,
        description: event.description,
        location: event.location,
        occurredAt: event.occurredAt.toISOString(),
      })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
