import { defineEvents } from "../../kernel/domain-events.js";

/** Pricing's events that webhook endpoints may subscribe to (the spec's table). */
export const pricingEvents = defineEvents({
  "pricing.create": { description: "A price record or price modifier is created" },
  "pricing.update": { description: "A price record or price modifier is updated (a deleted modifier too)" },
});
