import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { listPage } from "../../db/list-page.js";
import type { Actor } from "../../kernel/actor.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import {
  containsPattern,
  CUSTOMER_COLUMNS,
  customersErrors,
  customersScope,
  groupIdsByCustomer,
  now,
  requireCustomer,
  toCustomer,
  type Customer,
  type CustomerAddress,
  type CustomersContext,
} from "./customers-context.js";
import type {
  createCustomerInput,
  listCustomersQuery,
  selfProfilePatchInput,
  updateCustomerInput,
} from "./customers-schemas.js";
import type { customerChangeSchema } from "./customers-events.js";

/** What `create` takes: the input of `POST /customers`'s body. */
export type CreateCustomerInput = z.input<typeof createCustomerInput>;
/** What `update` takes: the input of `PATCH /customers/:id`'s body (staff). */
export type UpdateCustomerInput = z.input<typeof updateCustomerInput>;
/** What a customer may change on their own profile (`PATCH /api/me/profile`); a subset of `UpdateCustomerInput`. */
export type SelfProfilePatch = z.output<typeof selfProfilePatchInput>;
/** The query of `GET /customers`. */
export type ListCustomersQuery = z.output<typeof listCustomersQuery>;

/** Who a profile is made for by `ensureProfile`: the user's sign-in address and name. */
export interface ProfileSeed {
  email: string;
  name?: string | null;
}

export type CustomerChange = z.output<typeof customerChangeSchema>;

/** Emits `customers.update` for `customerId` as it now is, in `trx`. */
export async function emitCustomerUpdate(
  context: CustomersContext,
  trx: Transaction<CoreTables>,
  input: {
    organizationId: string;
    customerId: string;
    change: CustomerChange;
    actor: Actor | null;
    before?: Customer;
    address?: CustomerAddress;
  },
): Promise<Customer> {
  const customer = await requireCustomer(trx, input.organizationId, input.customerId);
  await context.events.emit(
    {
      organizationId: input.organizationId,
      type: "customers.update",
      entityType: "customer",
      entityId: input.customerId,
      payload: {
        change: input.change,
        customer,
        ...(input.before ? { before: input.before } : {}),
        ...(input.address ? { address: input.address } : {}),
      },
      actor: input.actor,
    },
    { trx },
  );
  return customer;
}

/** Checks that every group of `groupIds` exists (a 422 naming the first missing one at `path.N`). */
export async function assertGroupsExist(
  trx: Transaction<CoreTables>,
  organizationId: string,
  groupIds: readonly string[],
  path: string,
): Promise<void> {
  if (groupIds.length === 0) return;
  const found = await customersScope(trx, organizationId)
    .selectFrom("customerGroups")
    .select("id")
    .where("id", "in", [...groupIds])
    .execute();
  const known = new Set(found.map((row) => row.id));
  const missing = groupIds.findIndex((id) => !known.has(id));
  if (missing >= 0) throw customersErrors.invalid(`${path}.${missing}`, `no customer group "${groupIds[missing]}"`);
}

export function createCustomerOperations(context: CustomersContext) {
  return {
    /** One profile with its groups; 404 when the organization has none of that id. */
    get: (organizationId: string, customerId: string, options?: TxOptions): Promise<Customer> =>
      requireCustomer(options?.trx ?? context.db, organizationId, customerId),

    /** Newest first; `q` matches a substring of the e-mail or the name, `groupId` keeps that group's members. */
    async list(
      organizationId: string,
      query: ListCustomersQuery,
      options?: TxOptions,
    ): Promise<{ items: Customer[]; total: number }> {
      const db = options?.trx ?? context.db;
      let select = customersScope(db, organizationId).selectFrom("customers");
      if (query.q !== undefined) {
        const pattern = containsPattern(query.q);
        select = select.where((eb) => eb.or([eb("email", "ilike", pattern), eb("name", "ilike", pattern)]));
      }
      if (query.hasAccount !== undefined) select = select.where("hasAccount", "=", query.hasAccount);
      if (query.groupId !== undefined) {
        const groupId = query.groupId;
        select = select.where((eb) =>
          eb.exists(
            eb
              .selectFrom("customerGroupMembers")
              .select("customerGroupMembers.customerId")
              .whereRef("customerGroupMembers.organizationId", "=", "customers.organizationId")
              .whereRef("customerGroupMembers.customerId", "=", "customers.id")
              .where("customerGroupMembers.groupId", "=", groupId),
          ),
        );
      }
      const filtered = select;
      // No maintained count: count(*) only when the page cannot tell the total (see listPage).
      const { rows, total } = await listPage(query, {
        rows: ({ limit, offset }) =>
          filtered
            .select(CUSTOMER_COLUMNS)
            .orderBy("createdAt", "desc")
            .orderBy("id", "desc")
            .limit(limit)
            .offset(offset)
            .execute(),
        countAll: async () =>
          Number((await filtered.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirst())?.count ?? 0),
      });
      const groups = await groupIdsByCustomer(
        db,
        organizationId,
        rows.map((row) => row.id),
      );
      return { items: rows.map((row) => toCustomer(row, groups.get(row.id) ?? [])), total };
    },

    /**
     * A customer without an account, made by staff: a fresh UUID, `hasAccount: false`. An e-mail another
     * such customer has is a 409; an account with that address is a separate profile (see the README).
     */
    async create(
      organizationId: string,
      input: CreateCustomerInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<Customer> {
      return inTransaction(context.database, options, async (trx) => {
        const id = randomUUID();
        const groupIds = [...new Set(input.groupIds ?? [])];
        await assertGroupsExist(trx, organizationId, groupIds, "body.groupIds");
        await customersScope(trx, organizationId)
          .insertInto("customers", {
            id,
            email: input.email ?? null,
            name: input.name ?? null,
            phone: input.phone ?? null,
            hasAccount: false,
            acceptsMarketing: input.acceptsMarketing ?? false,
            acceptsMarketingUpdatedAt: input.acceptsMarketing === undefined ? null : new Date(),
            metadata: JSON.stringify(input.metadata ?? {}),
          })
          .execute();
        if (groupIds.length > 0)
          await customersScope(trx, organizationId)
            .insertInto(
              "customerGroupMembers",
              groupIds.map((groupId) => ({ groupId, customerId: id })),
            )
            .execute();
        const customer = await requireCustomer(trx, organizationId, id);
        await context.events.emit(
          {
            organizationId,
            type: "customers.create",
            entityType: "customer",
            entityId: id,
            payload: { customer, via: "staff" },
            actor,
          },
          { trx },
        );
        return customer;
      });
    },

    /**
     * Changes a profile (staff's fields, or a customer's own through `selfProfilePatchInput`). A change of
     * `acceptsMarketing` stamps `acceptsMarketingUpdatedAt`. An account's e-mail is its sign-in address: 422.
     */
    async update(
      organizationId: string,
      customerId: string,
      input: UpdateCustomerInput | SelfProfilePatch,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<Customer> {
      return inTransaction(context.database, options, async (trx) => {
        const before = await requireCustomer(trx, organizationId, customerId, { lock: true });
        const patch = input as UpdateCustomerInput;
        if (patch.email !== undefined && before.hasAccount && patch.email !== before.email) {
          throw customersErrors.invalid("body.email", "is the account's sign-in address; it cannot be changed here");
        }
        const marketingChanged =
          patch.acceptsMarketing !== undefined && patch.acceptsMarketing !== before.acceptsMarketing;
        await customersScope(trx, organizationId)
          .updateTable("customers")
          .set({
            ...(patch.email === undefined || before.hasAccount ? {} : { email: patch.email }),
            ...(patch.name === undefined ? {} : { name: patch.name }),
            ...(patch.phone === undefined ? {} : { phone: patch.phone }),
            ...(marketingChanged ? { acceptsMarketing: patch.acceptsMarketing, acceptsMarketingUpdatedAt: now() } : {}),
            ...(patch.metadata === undefined ? {} : { metadata: JSON.stringify(patch.metadata) }),
            updatedAt: now(),
          })
          .where("id", "=", customerId)
          .execute();
        return emitCustomerUpdate(context, trx, {
          organizationId,
          customerId,
          change: "profileUpdated",
          actor,
          before,
        });
      });
    },

    /**
     * The profile of a signed-in user, made when missing (id = the user id, `hasAccount: true`, e-mail and
     * name from the user) and emitting `customers.create` once, whoever calls it concurrently: one
     * `insert ... on conflict do nothing`. Sign-up makes it through the `members.create` subscriber;
     * `/api/me` calls this for users who predate the module. An existing profile is answered as it is.
     */
    async ensureProfile(
      organizationId: string,
      userId: string,
      seed: ProfileSeed,
      actor: Actor | null,
      options?: TxOptions & { via?: "signUp" | "ensureProfile" },
    ): Promise<{ customer: Customer; isCreated: boolean }> {
      return inTransaction(context.database, options, async (trx) => {
        const inserted = await customersScope(trx, organizationId)
          .insertInto("customers", {
            id: userId,
            email: seed.email.trim().toLowerCase(),
            name: seed.name?.trim().slice(0, 200) || null,
            phone: null,
            hasAccount: true,
            acceptsMarketing: false,
            acceptsMarketingUpdatedAt: null,
            metadata: JSON.stringify({}),
          })
          .onConflict((conflict) => conflict.columns(["organizationId", "id"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        const customer = await requireCustomer(trx, organizationId, userId);
        if (!inserted) return { customer, isCreated: false };
        await context.events.emit(
          {
            organizationId,
            type: "customers.create",
            entityType: "customer",
            entityId: userId,
            payload: { customer, via: options?.via ?? "ensureProfile" },
            actor,
          },
          { trx },
        );
        return { customer, isCreated: true };
      });
    },
  };
}
