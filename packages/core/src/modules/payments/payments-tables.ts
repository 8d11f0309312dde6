import type { z } from "zod";
import type { CoreTables, Json, Timestamp } from "../../db/core-tables.js";
import type { TableOf } from "../../db/table-of.js";
import type { paymentIntentSchema, paymentWebhookEventSchema } from "./payments-schemas.js";

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type PaymentsTables = {
  paymentIntents: TableOf<z.output<typeof paymentIntentSchema>, { organizationId: string; createdAt: Timestamp; updatedAt: Timestamp }>;
  paymentWebhookEvents: TableOf<z.output<typeof paymentWebhookEventSchema>, { organizationId: string; payload: Json<unknown>; receivedAt: Timestamp }>;
};

export type PaymentsDb = CoreTables & PaymentsTables;
