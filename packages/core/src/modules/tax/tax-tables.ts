import type { CoreTables, Timestamp } from "../../db/core-tables.js";

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type TaxTables = {
  taxClasses: {
    id: string;
    organizationId: string;
    /** A slug, unique in the organization. */
    name: string;
    rateBps: number;
    /** At most one per organization (partial unique index). */
    isDefault: boolean;
    isActive: boolean;
    createdAt: Timestamp;
    updatedAt: Timestamp;
  };
  /** Which class taxes an entity (variantId null) or one of its variants. */
  taxClassAssignments: {
    id: string;
    organizationId: string;
    entityId: string;
    variantId: string | null;
    taxClassId: string;
    createdAt: Timestamp;
    updatedAt: Timestamp;
  };
};

export type TaxDb = CoreTables & TaxTables;
