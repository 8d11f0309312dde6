import type { CoreTables, Timestamp } from "../../db/core-tables.js";

/** How a modifier changes a price: by basis points of the running amount, or by a fixed amount. */
export type ModifierKind = "percentage" | "fixed";

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type PricingTables = {
  pricingPrices: {
    id: string;
    organizationId: string;
    entityId: string;
    variantId: string | null;
    /** ISO 4217, upper case. */
    currency: string;
    /** Null: the base price, for everyone. */
    customerGroupId: string | null;
    /** Minor units. */
    amount: number;
    createdAt: Timestamp;
    updatedAt: Timestamp;
  };
  pricingModifiers: {
    id: string;
    organizationId: string;
    name: string;
    kind: ModifierKind;
    /** Signed: basis points for `percentage`, minor units for `fixed`. */
    value: number;
    /** Null: every entity. */
    entityId: string | null;
    /** Null: the entity's every variant (and its entity-level price). */
    variantId: string | null;
    /** Null: every currency (percentage modifiers only). */
    currency: string | null;
    /** Null: every customer. */
    customerGroupId: string | null;
    priority: number;
    isActive: boolean;
    startsAt: Date | null;
    endsAt: Date | null;
    createdAt: Timestamp;
    updatedAt: Timestamp;
  };
};

export type PricingDb = CoreTables & PricingTables;
