import type { Services } from "../../kernel/contexts.js";
import type { TxOptions } from "../../kernel/transaction.js";
import type { Order, ListOrdersQuery, OrderSummary } from "../orders/index.js";
import type { z } from "zod";
import type { orderTrackingSchema } from "./me-schemas.js";

/** `GET /api/me/orders/:idOrNumber/tracking`. */
export type OrderTracking = z.output<typeof orderTrackingSchema>;

/** A customer's own orders: the list, one order, and where its parcels are. */
export function createMyOrders({ services }: { services: Services }) {
  return {
    /** One page of the customer's orders, newest first, without lines. */
    listOrders: (
      organizationId: string,
      customerId: string,
      query: ListOrdersQuery,
      options?: TxOptions,
    ): Promise<{ items: OrderSummary[]; total: number }> =>
      services.orders.listForCustomer(organizationId, customerId, query, options),

    /** One of the customer's orders with its lines; another customer's is a 404. */
    getOrder: (organizationId: string, customerId: string, idOrNumber: string, options?: TxOptions): Promise<Order> =>
      services.orders.getForCustomer(organizationId, customerId, idOrNumber, options),

    /**
     * The order's shipments (carrier, tracking number and URL, what each carried, newest first; the
     * fulfillment provider's tracking status and events when one ships it) and how far each line has shipped. Who recorded a shipment (a staff id) is not the customer's business.
     */
    async tracking(
      organizationId: string,
      customerId: string,
      idOrNumber: string,
      options?: TxOptions,
    ): Promise<OrderTracking> {
      const order = await services.orders.getForCustomer(organizationId, customerId, idOrNumber, options);
      const [fulfillments, providerShipments] = await Promise.all([
        services.orders.listFulfillments(organizationId, order.id, options),
        services.shipping.listShipments(organizationId, order.id, options),
      ]);
      const tracked = new Map(providerShipments.map((shipment) => [shipment.fulfillmentId, shipment]));
      const lineById = new Map(order.lines.map((line) => [line.lineItemId, line]));
      return {
        orderId: order.id,
        number: order.number,
        status: order.status,
        shipments: fulfillments.map((fulfillment) => ({
          id: fulfillment.id,
          carrier: fulfillment.carrier,
          trackingNumber: fulfillment.trackingNumber,
          trackingUrl: fulfillment.trackingUrl,
          shippedAt: fulfillment.createdAt,
          trackingStatus: tracked.get(fulfillment.id)?.status ?? null,
          trackingEvents: tracked.get(fulfillment.id)?.events ?? [],
          lines: fulfillment.lines.map(({ lineItemId, quantity }) => {
            const line = lineById.get(lineItemId);
            // Fulfillment lines reference the order's own lines (a foreign key): a miss is corrupt data.
            if (!line)
              throw new Error(
                `Fulfillment ${fulfillment.id} ships line ${lineItemId}, which order ${order.id} does not have`,
              );
            return {
              lineItemId,
              entityId: line.entityId,
              variantId: line.variantId,
              title: line.title,
              sku: line.sku,
              quantity,
            };
          }),
        })),
        lines: order.lines.map(({ lineItemId, title, quantity, fulfilledQuantity }) => ({
          lineItemId,
          title,
          quantity,
          fulfilledQuantity,
        })),
      };
    },
  };
}
