import type { z } from "zod";
import type { CoreTables, Timestamp } from "../../db/core-tables.js";
import type { TableOf } from "../../db/table-of.js";
import type { taxAssignmentSchema, taxClassSchema } from "./tax-schemas.js";

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type TaxTables = {
  taxClasses: TableOf<
    z.output<typeof taxClassSchema>,
    { organizationId: string; createdAt: Timestamp; updatedAt: Timestamp }
  >;
  taxClassAssignments: TableOf<
    z.output<typeof taxAssignmentSchema>,
    { id: string; organizationId: string; createdAt: Timestamp; updatedAt: Timestamp }
  >;
};

export type TaxDb = CoreTables & TaxTables;
