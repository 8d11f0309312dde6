import type { DomainEvents } from "../../kernel/domain-events.js";
import { defineTask } from "../../kernel/kernel-task.js";
import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { cancelShipmentRoute } from "./routes/cancel-shipment.js";
import { createShippingOptionRoute } from "./routes/create-shipping-option.js";
import { createShippingProfileRoute } from "./routes/create-shipping-profile.js";
import { createShippingZoneRoute } from "./routes/create-shipping-zone.js";
import { deleteShippingOptionRoute } from "./routes/delete-shipping-option.js";
import { deleteShippingProfileRoute } from "./routes/delete-shipping-profile.js";
import { deleteShippingZoneRoute } from "./routes/delete-shipping-zone.js";
import { getShippingOptionRoute } from "./routes/get-shipping-option.js";
import { getShippingZoneRoute } from "./routes/get-shipping-zone.js";
import { listOrderShipmentsRoute } from "./routes/list-order-shipments.js";
import { listShippingAttributesRoute } from "./routes/list-shipping-attributes.js";
import { listShippingOptionsRoute } from "./routes/list-shipping-options.js";
import { listShippingProfilesRoute } from "./routes/list-shipping-profiles.js";
import { listShippingZonesRoute } from "./routes/list-shipping-zones.js";
import { receiveTrackingWebhookRoute } from "./routes/receive-tracking-webhook.js";
import { setShippingAttributesRoute } from "./routes/set-shipping-attributes.js";
import { updateShippingOptionRoute } from "./routes/update-shipping-option.js";
import { updateShippingProfileRoute } from "./routes/update-shipping-profile.js";
import { updateShippingZoneRoute } from "./routes/update-shipping-zone.js";
import { CANCEL_SHIPMENT_TASK } from "./shipment-cancellation.js";
import { CREATE_SHIPMENT_TASK } from "./shipment-operations.js";
import { shippingErrorCodes } from "./shipping-errors.js";
import { shippingMigrations } from "./shipping-migrations.js";
import { createShippingService } from "./shipping-service.js";

const ROUTES = [
  listShippingProfilesRoute,
  createShippingProfileRoute,
  updateShippingProfileRoute,
  deleteShippingProfileRoute,
  listShippingZonesRoute,
  createShippingZoneRoute,
  getShippingZoneRoute,
  updateShippingZoneRoute,
  deleteShippingZoneRoute,
  listShippingOptionsRoute,
  createShippingOptionRoute,
  getShippingOptionRoute,
  updateShippingOptionRoute,
  deleteShippingOptionRoute,
  listShippingAttributesRoute,
  setShippingAttributesRoute,
  listOrderShipmentsRoute,
  cancelShipmentRoute,
  receiveTrackingWebhookRoute,
];

/** Shipping profiles, zones and options, physical attributes of what is sold, and the quote carts and checkout use. */
export const shippingModule: PluginManifest = {
  id: "shipping",
  version: CORE_VERSION,
  dependencies: ["jobs", "catalog", "inventory", "tax"],
  permissions: [
    { scope: "shipping:read", description: "Read shipping profiles, zones, options and physical attributes" },
    { scope: "shipping:manage", description: "Manage shipping profiles, zones, options and physical attributes" },
  ],
  schema: { migrations: shippingMigrations },
  errors: shippingErrorCodes,
  services: (context) => ({ shipping: createShippingService(context) }),
  subscribers: [
    {
      event: "catalog.delete",
      handler: (event, { trx, services }) =>
        services.shipping.removeEntityAttributes(event.organizationId, event.entityId, { trx }),
    },
    {
      event: "fulfillment.create",
      handler: (event, { trx, services }) => {
        // Subscribers see every payload untyped; this one is the orders module's declared `fulfillment.create`.
        const payload = event.payload as DomainEvents["fulfillment.create"];
        return services.shipping.recordShipment(
          { organizationId: event.organizationId, orderId: payload.orderId, fulfillment: payload.fulfillment },
          { trx },
        );
      },
    },
  ],
  tasks: [
    defineTask({
      slug: CREATE_SHIPMENT_TASK,
      // Retried with backoff (8 attempts, 5 s doubling): a carrier outage delays the shipment, never doubles it.
      retries: { attempts: 8, backoff: { type: "exponential", delay: 5_000 } },
      handler: async ({ shipmentId }, { services, job }) => {
        const shipment = await services.shipping.createProviderShipment(job.organizationId, shipmentId, {
          isLast: job.attempts >= job.maxAttempts,
        });
        return { shipmentId, trackingNumber: shipment?.trackingNumber ?? null };
      },
    }),
    defineTask({
      slug: CANCEL_SHIPMENT_TASK,
      // The create job's schedule: an outage delays the cancellation, never sends it twice.
      retries: { attempts: 8, backoff: { type: "exponential", delay: 5_000 } },
      handler: async ({ shipmentId }, { services, job }) => {
        const shipment = await services.shipping.cancelProviderShipment(job.organizationId, shipmentId);
        return { shipmentId, status: shipment?.status ?? null };
      },
    }),
  ],
  routes: (context) => ROUTES.flatMap((route) => route(context)),
};
