import { defineEvents } from "../../kernel/domain-events.js";

/**
 * Events of the spec's webhook table whose modules are not built yet (customers).
 * The webhooks module declares them so endpoints can subscribe to them today; each moves to its module's
 * manifest when that module exists (a name declared twice fails boot).
 */
export const pendingSpecEvents = defineEvents({
  "customers.create": { description: "A customer profile is created" },
  "customers.update": { description: "A customer profile is updated" },
});
