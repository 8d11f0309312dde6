import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import type { Actor } from "../../kernel/actor.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import { emitCustomerUpdate } from "./customer-operations.js";
import {
  ADDRESS_COLUMNS,
  customersErrors,
  customersScope,
  now,
  requireCustomer,
  toAddress,
  type CustomerAddress,
  type CustomersContext,
  type Db,
} from "./customers-context.js";
import {
  MAX_ADDRESSES_PER_CUSTOMER,
  type customerAddressInput,
  type customerAddressPatchInput,
} from "./customers-schemas.js";

/** What `addAddress` takes: the input of the address body. */
export type CustomerAddressInput = z.input<typeof customerAddressInput>;
/** What `updateAddress` takes: any subset; null clears an optional field. */
export type CustomerAddressPatch = z.input<typeof customerAddressPatchInput>;

async function requireAddress(
  db: Db,
  organizationId: string,
  customerId: string,
  addressId: string,
): Promise<CustomerAddress> {
  const row = await customersScope(db, organizationId)
    .selectFrom("customerAddresses")
    .select(ADDRESS_COLUMNS)
    .where("customerId", "=", customerId)
    .where("id", "=", addressId)
    .executeTakeFirst();
  if (!row) throw customersErrors.addressNotFound();
  return toAddress(row);
}

/** Unsets the customer's other defaults of the kinds `input` sets, so the partial unique indexes hold. */
async function clearOtherDefaults(
  trx: Transaction<CoreTables>,
  organizationId: string,
  customerId: string,
  addressId: string,
  input: CustomerAddressPatch,
): Promise<void> {
  const scope = customersScope(trx, organizationId);
  if (input.isDefaultShipping === true) {
    await scope
      .updateTable("customerAddresses")
      .set({ isDefaultShipping: false, updatedAt: now() })
      .where("customerId", "=", customerId)
      .where("isDefaultShipping", "=", true)
      .where("id", "!=", addressId)
      .execute();
  }
  if (input.isDefaultBilling === true) {
    await scope
      .updateTable("customerAddresses")
      .set({ isDefaultBilling: false, updatedAt: now() })
      .where("customerId", "=", customerId)
      .where("isDefaultBilling", "=", true)
      .where("id", "!=", addressId)
      .execute();
  }
}

/**
 * Addresses of a customer. Every change takes the customer's row lock first, so the count against
 * {@link MAX_ADDRESSES_PER_CUSTOMER} and the single default of each kind hold under concurrent requests,
 * and emits `customers.update` (`addressAdded`, `addressUpdated`, `addressRemoved`) in its transaction.
 */
export function createCustomerAddressOperations(context: CustomersContext) {
  return {
    /** The customer's addresses, oldest first; 404 for an unknown customer. */
    async listAddresses(organizationId: string, customerId: string, options?: TxOptions): Promise<CustomerAddress[]> {
      const db = options?.trx ?? context.db;
      await requireCustomer(db, organizationId, customerId);
      const rows = await customersScope(db, organizationId)
        .selectFrom("customerAddresses")
        .select(ADDRESS_COLUMNS)
        .where("customerId", "=", customerId)
        .orderBy("createdAt")
        .orderBy("id")
        .execute();
      return rows.map(toAddress);
    },

    getAddress: (
      organizationId: string,
      customerId: string,
      addressId: string,
      options?: TxOptions,
    ): Promise<CustomerAddress> => requireAddress(options?.trx ?? context.db, organizationId, customerId, addressId),

    /** Saves an address; the customer's 51st is a 422 with nothing written. */
    async addAddress(
      organizationId: string,
      customerId: string,
      input: CustomerAddressInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<CustomerAddress> {
      return inTransaction(context.database, options, async (trx) => {
        await requireCustomer(trx, organizationId, customerId, { lock: true });
        const scope = customersScope(trx, organizationId);
        const counted = await scope
          .selectFrom("customerAddresses")
          .select((eb) => eb.fn.countAll<string>().as("count"))
          .where("customerId", "=", customerId)
          .executeTakeFirst();
        if (Number(counted?.count ?? 0) >= MAX_ADDRESSES_PER_CUSTOMER)
          throw customersErrors.invalid(
            "body",
            `a customer keeps at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses; delete one first`,
          );
        const id = randomUUID();
        await clearOtherDefaults(trx, organizationId, customerId, id, input);
        await scope
          .insertInto("customerAddresses", {
            id,
            customerId,
            name: input.name ?? null,
            company: input.company ?? null,
            line1: input.line1,
            line2: input.line2 ?? null,
            city: input.city,
            postalCode: input.postalCode ?? null,
            state: input.state ?? null,
            country: input.country,
            phone: input.phone ?? null,
            isDefaultShipping: input.isDefaultShipping ?? false,
            isDefaultBilling: input.isDefaultBilling ?? false,
          })
          .execute();
        const address = await requireAddress(trx, organizationId, customerId, id);
        await emitCustomerUpdate(context, trx, { organizationId, customerId, change: "addressAdded", actor, address });
        return address;
      });
    },

    async updateAddress(
      organizationId: string,
      customerId: string,
      addressId: string,
      input: CustomerAddressPatch,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<CustomerAddress> {
      return inTransaction(context.database, options, async (trx) => {
        await requireCustomer(trx, organizationId, customerId, { lock: true });
        await requireAddress(trx, organizationId, customerId, addressId);
        await clearOtherDefaults(trx, organizationId, customerId, addressId, input);
        const fields = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
        await customersScope(trx, organizationId)
          .updateTable("customerAddresses")
          .set({ ...fields, updatedAt: now() })
          .where("customerId", "=", customerId)
          .where("id", "=", addressId)
          .execute();
        const address = await requireAddress(trx, organizationId, customerId, addressId);
        await emitCustomerUpdate(context, trx, {
          organizationId,
          customerId,
          change: "addressUpdated",
          actor,
          address,
        });
        return address;
      });
    },

    /** Deletes an address and answers it; another customer's address is a 404 like a missing one. */
    async removeAddress(
      organizationId: string,
      customerId: string,
      addressId: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<CustomerAddress> {
      return inTransaction(context.database, options, async (trx) => {
        await requireCustomer(trx, organizationId, customerId, { lock: true });
        const address = await requireAddress(trx, organizationId, customerId, addressId);
        await customersScope(trx, organizationId)
          .deleteFrom("customerAddresses")
          .where("customerId", "=", customerId)
          .where("id", "=", addressId)
          .execute();
        await emitCustomerUpdate(context, trx, {
          organizationId,
          customerId,
          change: "addressRemoved",
          actor,
          address,
        });
        return address;
      });
    },
  };
}
