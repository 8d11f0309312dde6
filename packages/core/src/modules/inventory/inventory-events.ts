import { defineEvents } from "../../kernel/domain-events.js";

/** The inventory's events that webhook endpoints may subscribe to (the spec's table). */
export const inventoryEvents = defineEvents({
  "inventory.afterAdjust": { description: "An inventory level's on-hand quantity changes: an adjustment or a sale" },
});
