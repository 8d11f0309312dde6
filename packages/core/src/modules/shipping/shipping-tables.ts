import type { ColumnType } from "kysely";
import type { z } from "zod";
import type { CoreTables, Json, Timestamp } from "../../db/core-tables.js";
import type { TableOf } from "../../db/table-of.js";
import type {
  shippingAttributesSchema,
  shippingOptionSchema,
  shippingProfileSchema,
  shipmentSchema,
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
  shippingShipments: TableOf<
    Omit<z.output<typeof shipmentSchema>, "events">,
    Stamps & {
      optionId: string | null;
      attempts: ColumnType<number, number | undefined, number>;
      lastError: string | null;
      claimedUntil: ColumnType<Date | null, Date | null | undefined, Date | null>;
    }
  >;
  shippingTrackingEvents: {
    id: string;
    organizationId: string;
    shipmentId: string;
    providerEventId: string;
    status: string;
    description: string | null;
    location: ColumnType<string | null, string | null | undefined, string | null>;
    occurredAt: Timestamp;
    createdAt: ColumnType<Date, Date | string | undefined, never>;
  };
};

export type ShippingDb = CoreTables & ShippingTables;
