import { defineEvents } from "../../kernel/domain-events.js";

/** The import's event: one per written batch, not one per row (see the README, "Bulk import"). */
export const catalogImportEvents = defineEvents({
  "catalog.import": {
    description: "A batch of a catalog import created or updated entities (their ids in the payload)",
  },
});
