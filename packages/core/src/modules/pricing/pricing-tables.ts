import type { z } from "zod";
import type { CoreTables, Timestamp } from "../../db/core-tables.js";
import type { TableOf } from "../../db/table-of.js";
import type { modifierKindSchema, modifierSchema, priceSchema } from "./pricing-schemas.js";

/** How a modifier changes a price: by basis points of the running amount, or by a fixed amount. */
export type ModifierKind = z.output<typeof modifierKindSchema>;

type Dates = { createdAt: Timestamp; updatedAt: Timestamp };

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type PricingTables = {
  pricingPrices: TableOf<z.output<typeof priceSchema>, { organizationId: string } & Dates>;
  pricingModifiers: TableOf<
    z.output<typeof modifierSchema>,
    { organizationId: string; startsAt: Date | null; endsAt: Date | null } & Dates
  >;
};

export type PricingDb = CoreTables & PricingTables;
