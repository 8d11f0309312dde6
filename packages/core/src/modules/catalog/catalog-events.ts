import { defineEvents } from "../../kernel/domain-events.js";

/** The catalog's events that webhook endpoints may subscribe to (the spec's table). */
export const catalogEvents = defineEvents({
  "catalog.create": { description: "A catalog entity is created" },
  "catalog.update": {
    description:
      "A catalog entity or one of its parts (attributes, variants, options, custom fields, media) is updated",
  },
  "catalog.delete": { description: "A catalog entity is deleted" },
});
