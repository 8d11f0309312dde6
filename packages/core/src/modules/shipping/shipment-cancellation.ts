import { sql } from "kysely";
import { isUuid } from "../../db/is-uuid.js";
import type { Actor } from "../../kernel/actor.js";
import { inTransaction } from "../../kernel/transaction.js";
import { CLAIM_SECONDS, readShipments, type Shipment } from "./shipment-operations.js";
import { emitShippingEvent, shippingScope, type ShippingContext } from "./shipping-context.js";
import { shippingErrors } from "./shipping-errors.js";

/** The job that asks the provider to cancel a shipment, after the cancellation committed. */
export const CANCEL_SHIPMENT_TASK = "shipping/cancel-shipment";

const MAX_ERROR_LENGTH = 500;

/** What a carrier has already handed over cannot be called back. */
const FINAL_STATUSES: ReadonlySet<string> = new Set(["delivered", "returned"]);

export function createShipmentCancellation(context: ShippingContext) {
  const { services } = context;

  const answer = async (organizationId: string, orderId: string, shipmentId: string): Promise<Shipment> => {
    const shipment = (await readShipments(context.db, organizationId, orderId)).find((row) => row.id === shipmentId);
    if (!shipment) throw shippingErrors.shipmentNotFound();
    return shipment;
  };

  return {
    /**
     * `POST /shipping/shipments/:id/cancel`: moves the shipment to `cancelling` under its row lock, with the
     * timeline entry and `shipping.update`, and enqueues `shipping/cancel-shipment` in the same transaction,
     * so the provider is asked after commit (and never for a request that rolled back). Asking again while
     * it is `cancelling` or `cancelled` enqueues nothing. Delivered or returned: 409 `SHIPMENT_DELIVERED`;
     * a provider without `cancelShipment`: 409 `CANCEL_NOT_SUPPORTED`.
     */
    async requestShipmentCancel(organizationId: string, shipmentId: string, actor: Actor | null): Promise<Shipment> {
      if (!isUuid(shipmentId)) throw shippingErrors.shipmentNotFound();
      const orderId = await inTransaction(context.database, undefined, async (trx) => {
        const scope = shippingScope(trx, organizationId);
        const shipment = await scope
          .selectFrom("shippingShipments")
          .select(["id", "orderId", "providerId", "status", "trackingNumber"])
          .where("id", "=", shipmentId)
          .forUpdate()
          .executeTakeFirst();
        if (!shipment) throw shippingErrors.shipmentNotFound();
        if (shipment.status === "cancelling" || shipment.status === "cancelled") return shipment.orderId;
        if (FINAL_STATUSES.has(shipment.status)) throw shippingErrors.delivered(shipment.status);
        if (!context.fulfillmentProviders.get(shipment.providerId)?.cancelShipment)
          throw shippingErrors.cancelNotSupported(shipment.providerId);
        await scope
          .updateTable("shippingShipments")
          .set({ status: "cancelling", updatedAt: new Date() })
          .where("id", "=", shipmentId)
          .execute();
        await services.jobs.enqueue(CANCEL_SHIPMENT_TASK, { shipmentId }, { organizationId, trx });
        await services.orders.appendShipmentTimeline(
          {
            organizationId,
            orderId: shipment.orderId,
            actor,
            summary: `Shipment ${shipment.trackingNumber ?? shipmentId} cancellation requested`,
            data: { shipmentId, change: "cancelRequested", from: shipment.status },
          },
          { trx },
        );
        await emitShippingEvent(context, trx, {
          organizationId,
          type: "shipping.update",
          entityType: "shipment",
          entityId: shipmentId,
          payload: { change: "cancelRequested", orderId: shipment.orderId, from: shipment.status },
          actor,
        });
        return shipment.orderId;
      });
      return answer(organizationId, orderId, shipmentId);
    },

    /**
     * The job's work, the create job's pattern: claims the shipment's lease (parallel runs ask once; a run
     * that finds it held, by this job or by a create still asking the carrier, fails and is retried), asks
     * the provider outside any transaction with the shipment's id as idempotency key, then moves it to
     * `cancelled` by a guarded update (`where status = 'cancelling'`), so a job run twice cancels once. A
     * shipment the carrier never made (no tracking number) is cancelled without asking it.
     */
    async cancelProviderShipment(organizationId: string, shipmentId: string): Promise<Shipment | null> {
      const scope = shippingScope(context.db, organizationId);
      const claimed = await scope
        .updateTable("shippingShipments")
        .set({ claimedUntil: sql`now() + ${`${CLAIM_SECONDS} seconds`}::interval` })
        .where("id", "=", shipmentId)
        .where("status", "=", "cancelling")
        .where((eb) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<", sql<Date>`now()`)]))
        .returning(["providerId", "trackingNumber"])
        .executeTakeFirst();
      if (!claimed) {
        const current = await scope
          .selectFrom("shippingShipments")
          .select("status")
          .where("id", "=", shipmentId)
          .executeTakeFirst();
        if (current?.status !== "cancelling") return null;
        throw new Error(`Shipment ${shipmentId} is held by another run`);
      }
      if (claimed.trackingNumber !== null) {
        const provider = context.fulfillmentProviders.get(claimed.providerId);
        try {
          if (!provider?.cancelShipment) throw new Error(`Provider "${claimed.providerId}" cannot cancel shipments`);
          await provider.cancelShipment(
            { organizationId, shipmentId, trackingNumber: claimed.trackingNumber },
            { outbound: services.outbound },
          );
        } catch (error) {
          const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
          context.logger.warn({ err: error, shipmentId, provider: claimed.providerId }, "shipment cancel failed");
          await scope
            .updateTable("shippingShipments")
            .set({ lastError: message, claimedUntil: null, updatedAt: new Date() })
            .where("id", "=", shipmentId)
            .execute();
          throw error;
        }
      }
      return inTransaction(context.database, undefined, async (trx) => {
        const updated = await shippingScope(trx, organizationId)
          .updateTable("shippingShipments")
          .set({ status: "cancelled", claimedUntil: null, lastError: null, updatedAt: new Date() })
          .where("id", "=", shipmentId)
          .where("status", "=", "cancelling")
          .returning(["orderId", "trackingNumber"])
          .executeTakeFirst();
        if (!updated) return null;
        await services.orders.appendShipmentTimeline(
          {
            organizationId,
            orderId: updated.orderId,
            actor: null,
            summary: `Shipment ${updated.trackingNumber ?? shipmentId} cancelled`,
            data: { shipmentId, change: "cancelled", providerId: claimed.providerId },
          },
          { trx },
        );
        await emitShippingEvent(context, trx, {
          organizationId,
          type: "shipping.update",
          entityType: "shipment",
          entityId: shipmentId,
          payload: { change: "cancelled", orderId: updated.orderId },
          actor: null,
        });
        return (await readShipments(trx, organizationId, updated.orderId)).find((row) => row.id === shipmentId) ?? null;
      });
    },
  };
}
