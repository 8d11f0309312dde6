import { defineEvents } from "../../kernel/domain-events.js";

/** Promotions' events that webhook endpoints may subscribe to (the spec's table). */
export const promotionsEvents = defineEvents({
  "promotions.create": { description: "A promotion is created" },
  "promotions.update": { description: "A promotion is updated or deactivated" },
});
