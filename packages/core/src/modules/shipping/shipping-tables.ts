import type { z } from "zod";
import type { CoreTables, Json, Timestamp } from "../../db/core-tables.js";
import type { TableOf } from "../../db/table-of.js";
import type {
  shippingAttributesSchema,
  shippingOptionSchema,
  shippingProfileSchema,
  shippingRateSchema,
  shippingZoneSchema,
} from "./shipping-schemas.js";

type Stamps = { organizationId: string; createdAt: Timestamp; updatedAt: Timestamp };

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type ShippingTables = {
  shippingProfiles: TableOf<z.output<typeof shippingProfileSchema>, Stamps>;
  shippingZones: TableOf<
    z.output<typeof shippingZoneSchema>,
    Stamps & { countries: Json<string[]>; regions: Json<string[]>; postalPatterns: Json<string[]> }
  >;
  shippingOptions: TableOf<
    z.output<typeof shippingOptionSchema>,
    Stamps & { rates: Json<Record<string, z.output<typeof shippingRateSchema>>> }
  >;
  shippingAttributes: TableOf<z.output<typeof shippingAttributesSchema>, { id: string } & Stamps>;
};

export type ShippingDb = CoreTables & ShippingTables;
