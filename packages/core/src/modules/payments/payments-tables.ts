import type { z } from "zod";
import type { CoreTables, Json, Timestamp } from "../../db/core-tables.js";
import type { TableOf } from "../../db/table-of.js";
import type { paymentIntentSchema, paymentWebhookEventSchema } from "./payments-schemas.js";

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type PaymentsTables = {
  paymentIntents: TableOf<
    z.output<typeof paymentIntentSchema>,
    // The client secret is stored sealed (`SecretBox.seal`) and is no field of the record: only
    // `GET /payments/intents/:id` opens it, for whoever may see the order.
    { organizationId: string; clientSecretSealed: string | null; createdAt: Timestamp; updatedAt: Timestamp }
  >;
  paymentWebhookEvents: TableOf<
    z.output<typeof paymentWebhookEventSchema>,
    { organizationId: string; payload: Json<unknown>; receivedAt: Timestamp }
  >;
};

export type PaymentsDb = CoreTables & PaymentsTables;
