import type { Kysely, Selectable, Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import type { DatabaseAccess, Logger, Services } from "../../kernel/contexts.js";
import type { SecretBox } from "../../kernel/secret-box.js";
import type { PaymentRegistry } from "./payment-registry.js";
import type { paymentIntentSchema } from "./payments-schemas.js";
import type { PaymentsDb, PaymentsTables } from "./payments-tables.js";

/** What the payments service's parts share. */
export interface PaymentsContext {
  database: DatabaseAccess;
  /** Orders (confirmed by a payment) and jobs (the provider call). */
  services: Services;
  registry: PaymentRegistry;
  logger: Logger;
  /** Seals the providers' client secrets. */
  secrets: SecretBox;
}

export function paymentsScope(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
): TenantScope<PaymentsDb> {
  return tenantScope(db.withTables<PaymentsTables>(), organizationId);
}

/** A payment intent record. */
export type PaymentIntent = z.output<typeof paymentIntentSchema>;

export const PAYMENT_INTENT_COLUMNS = [
  "id",
  "orderId",
  "provider",
  "paymentMethodId",
  "providerReference",
  "status",
  "amount",
  "currency",
  "attempts",
  "lastError",
  "createdAt",
  "updatedAt",
] as const;

export const toPaymentIntent = (
  row: Pick<Selectable<PaymentsTables["paymentIntents"]>, (typeof PAYMENT_INTENT_COLUMNS)[number]>,
): PaymentIntent => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
