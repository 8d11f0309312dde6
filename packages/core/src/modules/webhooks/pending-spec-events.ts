/** The events an endpoint can subscribe to: the spec's table of outbound webhook events. */
export const WEBHOOK_EVENT_NAMES = [
  "orders.create",
  "orders.statusChange",
  "catalog.create",
  "catalog.update",
  "catalog.delete",
  "inventory.afterAdjust",
  "customers.create",
  "customers.update",
  "pricing.create",
  "pricing.update",
  "promotions.create",
  "promotions.update",
  "fulfillment.create",
  "cart.afterAddItem",
] as const;

export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];
