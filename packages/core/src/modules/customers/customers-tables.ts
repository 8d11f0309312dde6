import type { ColumnType } from "kysely";
import type { z } from "zod";
import type { CoreTables, Json, Timestamp } from "../../db/core-tables.js";
import type { TableOf } from "../../db/table-of.js";
import type { customerAddressSchema, customerGroupSchema, customerSchema } from "./customers-schemas.js";

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type CustomersTables = {
  /** `groupIds` is not a column: it is read from `customerGroupMembers`. */
  customers: TableOf<
    Omit<z.output<typeof customerSchema>, "groupIds">,
    {
      organizationId: string;
      metadata: Json;
      acceptsMarketingUpdatedAt: NullableTimestamp;
      createdAt: Timestamp;
      updatedAt: Timestamp;
    }
  >;
  customerGroups: TableOf<
    z.output<typeof customerGroupSchema>,
    { organizationId: string; createdAt: Timestamp; updatedAt: Timestamp }
  >;
  customerGroupMembers: { organizationId: string; groupId: string; customerId: string; createdAt: Timestamp };
  customerAddresses: TableOf<
    z.output<typeof customerAddressSchema>,
    { organizationId: string; createdAt: Timestamp; updatedAt: Timestamp }
  >;
};

export type CustomersDb = CoreTables & CustomersTables;
