import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import { AppError } from "../../kernel/app-error.js";
import type { DatabaseAccess } from "../../kernel/contexts.js";
import type { EventBus } from "../../kernel/event-bus.js";
import type { customerAddressSchema, customerGroupSchema, customerSchema } from "./customers-schemas.js";
import type { CustomersDb, CustomersTables } from "./customers-tables.js";

/** What the customers service's parts share. */
export interface CustomersContext {
  database: DatabaseAccess;
  db: Kysely<CoreTables>;
  events: EventBus;
}

export type Db = Kysely<CoreTables> | Transaction<CoreTables>;

export function customersScope(db: Db, organizationId: string): TenantScope<CustomersDb> {
  return tenantScope(db.withTables<CustomersTables>(), organizationId);
}

/** A customer profile as the API answers it. */
export type Customer = z.output<typeof customerSchema>;
/** A saved address. */
export type CustomerAddress = z.output<typeof customerAddressSchema>;
/** A customer group. */
export type CustomerGroup = z.output<typeof customerGroupSchema>;

export const CUSTOMER_COLUMNS = [
  "id",
  "email",
  "name",
  "phone",
  "hasAccount",
  "acceptsMarketing",
  "acceptsMarketingUpdatedAt",
  "metadata",
  "createdAt",
  "updatedAt",
] as const;
export const ADDRESS_COLUMNS = [
  "id",
  "customerId",
  "name",
  "company",
  "line1",
  "line2",
  "city",
  "postalCode",
  "state",
  "country",
  "phone",
  "isDefaultShipping",
  "isDefaultBilling",
  "createdAt",
  "updatedAt",
] as const;
export const GROUP_COLUMNS = ["id", "name", "description", "createdAt", "updatedAt"] as const;

type CustomerRow = Pick<Selectable<CustomersTables["customers"]>, (typeof CUSTOMER_COLUMNS)[number]>;

export const toCustomer = (row: CustomerRow, groupIds: readonly string[]): Customer => ({
  ...row,
  acceptsMarketingUpdatedAt: row.acceptsMarketingUpdatedAt?.toISOString() ?? null,
  groupIds: [...groupIds],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toAddress = (
  row: Pick<Selectable<CustomersTables["customerAddresses"]>, (typeof ADDRESS_COLUMNS)[number]>,
): CustomerAddress => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toGroup = (
  row: Pick<Selectable<CustomersTables["customerGroups"]>, (typeof GROUP_COLUMNS)[number]>,
): CustomerGroup => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The groups of each customer of `customerIds`, by group id (one query). */
export async function groupIdsByCustomer(
  db: Db,
  organizationId: string,
  customerIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byCustomer = new Map<string, string[]>();
  if (customerIds.length === 0) return byCustomer;
  const rows = await customersScope(db, organizationId)
    .selectFrom("customerGroupMembers")
    .select(["customerId", "groupId"])
    .where("customerId", "in", [...customerIds])
    .orderBy("groupId")
    .execute();
  for (const row of rows) byCustomer.set(row.customerId, [...(byCustomer.get(row.customerId) ?? []), row.groupId]);
  return byCustomer;
}

/** Reads a profile with its groups; `lock` takes its row lock (every change of a profile does, so they run one at a time). */
export async function requireCustomer(
  db: Db,
  organizationId: string,
  customerId: string,
  options: { lock?: boolean } = {},
): Promise<Customer> {
  let select = customersScope(db, organizationId)
    .selectFrom("customers")
    .select(CUSTOMER_COLUMNS)
    .where("id", "=", customerId);
  if (options.lock) select = select.forUpdate();
  const row = await select.executeTakeFirst();
  if (!row) throw customersErrors.customerNotFound();
  return toCustomer(row, (await groupIdsByCustomer(db, organizationId, [customerId])).get(customerId) ?? []);
}

/** A `like` pattern matching `text` anywhere, its wildcards taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export const now = () => sql<Date>`now()`;

export const customersErrors = {
  customerNotFound: () => AppError.notFound("Customer"),
  addressNotFound: () => AppError.notFound("Address"),
  groupNotFound: () => AppError.notFound("Customer group"),
  membershipNotFound: () => AppError.notFound("Group membership"),
  invalid: (path: string, message: string) => AppError.validation([{ path, message }]),
};
