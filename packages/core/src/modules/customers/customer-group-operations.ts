import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { queryTemplate } from "../../db/query-template.js";
import { pageOffset, type PaginationQuery } from "../../http/pagination.js";
import type { Actor } from "../../kernel/actor.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import { emitCustomerUpdate } from "./customer-operations.js";
import {
  customersErrors,
  customersScope,
  GROUP_COLUMNS,
  now,
  requireCustomer,
  toGroup,
  type Customer,
  type CustomerGroup,
  type CustomersContext,
  type Db,
} from "./customers-context.js";
import type { customerGroupInput, customerGroupPatchInput } from "./customers-schemas.js";

/** What `createGroup` takes. */
export type CustomerGroupInput = z.input<typeof customerGroupInput>;
/** What `updateGroup` takes: the name and description (the id stays: prices and promotions name it). */
export type CustomerGroupPatch = z.input<typeof customerGroupPatchInput>;

async function requireGroup(
  db: Db,
  organizationId: string,
  groupId: string,
  options: { lock?: boolean } = {},
): Promise<CustomerGroup> {
  let select = customersScope(db, organizationId)
    .selectFrom("customerGroups")
    .select(GROUP_COLUMNS)
    .where("id", "=", groupId);
  if (options.lock) select = select.forUpdate();
  const row = await select.executeTakeFirst();
  if (!row) throw customersErrors.groupNotFound();
  return toGroup(row);
}

/**
 * Customer groups and who belongs to them. Group changes emit `customers.groupCreate|Update|Delete`
 * (audit only); a membership change is a change of the customer's profile (`customers.update`,
 * `groupsChanged`, with the groups before and after), so webhook consumers see a customer's new prices.
 */
/** A customer's groups: what a signed-in customer's cart and checkout are priced with. */
const groupsOfCustomer = queryTemplate((db, args: { organizationId: string; customerId: string }) =>
  customersScope(db, args.organizationId)
    .selectFrom("customerGroupMembers")
    .select("groupId")
    .where("customerId", "=", args.customerId)
    .orderBy("groupId"),
);

export function createCustomerGroupOperations(context: CustomersContext) {
  const emitGroup = (
    trx: Transaction<CoreTables>,
    organizationId: string,
    type: "customers.groupCreate" | "customers.groupUpdate" | "customers.groupDelete",
    group: CustomerGroup,
    payload: Record<string, unknown>,
    actor: Actor | null,
  ) =>
    context.events.emit(
      { organizationId, type, entityType: "customerGroup", entityId: group.id, payload, actor },
      { trx },
    );

  /** Changes one customer's membership of `groupId`; answers the profile, or null when nothing changed. */
  const changeMembership = async (
    trx: Transaction<CoreTables>,
    input: { organizationId: string; groupId: string; customerId: string; isMember: boolean; actor: Actor | null },
  ): Promise<Customer | null> => {
    const { organizationId, groupId, customerId } = input;
    const before = await requireCustomer(trx, organizationId, customerId, { lock: true });
    const scope = customersScope(trx, organizationId);
    const changed = input.isMember
      ? await scope
          .insertInto("customerGroupMembers", { groupId, customerId })
          .onConflict((conflict) => conflict.columns(["organizationId", "customerId", "groupId"]).doNothing())
          .executeTakeFirst()
      : await scope
          .deleteFrom("customerGroupMembers")
          .where("groupId", "=", groupId)
          .where("customerId", "=", customerId)
          .executeTakeFirst();
    const count = "numInsertedOrUpdatedRows" in changed ? changed.numInsertedOrUpdatedRows : changed.numDeletedRows;
    if (!count) return null;
    await scope.updateTable("customers").set({ updatedAt: now() }).where("id", "=", customerId).execute();
    return emitCustomerUpdate(context, trx, {
      organizationId,
      customerId,
      change: "groupsChanged",
      actor: input.actor,
      before,
    });
  };

  return {
    /**
     * The ids of the groups `customerId` belongs to, sorted: what carts, checkout and promotions price
     * with. A customer without a profile (a guest id, a user who predates the module) belongs to none.
     */
    async groupIdsOf(organizationId: string, customerId: string, options?: TxOptions): Promise<string[]> {
      const { rows } = await groupsOfCustomer.execute(options?.trx ?? context.db, { organizationId, customerId });
      return rows.map((row) => row.groupId);
    },

    getGroup: (organizationId: string, groupId: string, options?: TxOptions): Promise<CustomerGroup> =>
      requireGroup(options?.trx ?? context.db, organizationId, groupId),

    /** By name. */
    async listGroups(
      organizationId: string,
      query: PaginationQuery,
      options?: TxOptions,
    ): Promise<{ items: CustomerGroup[]; total: number }> {
      const select = customersScope(options?.trx ?? context.db, organizationId).selectFrom("customerGroups");
      const [rows, counted] = await Promise.all([
        select
          .select(GROUP_COLUMNS)
          .orderBy("name")
          .orderBy("id")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        select.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirst(),
      ]);
      return { items: rows.map(toGroup), total: Number(counted?.count ?? 0) };
    },

    /** A duplicate id or name (any case) is a 409. */
    async createGroup(
      organizationId: string,
      input: CustomerGroupInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<CustomerGroup> {
      return inTransaction(context.database, options, async (trx) => {
        const id = input.id ?? randomUUID();
        await customersScope(trx, organizationId)
          .insertInto("customerGroups", { id, name: input.name, description: input.description ?? null })
          .execute();
        const group = await requireGroup(trx, organizationId, id);
        await emitGroup(trx, organizationId, "customers.groupCreate", group, { after: group }, actor);
        return group;
      });
    },

    async updateGroup(
      organizationId: string,
      groupId: string,
      input: CustomerGroupPatch,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<CustomerGroup> {
      return inTransaction(context.database, options, async (trx) => {
        const before = await requireGroup(trx, organizationId, groupId, { lock: true });
        await customersScope(trx, organizationId)
          .updateTable("customerGroups")
          .set({
            ...(input.name === undefined ? {} : { name: input.name }),
            ...(input.description === undefined ? {} : { description: input.description }),
            updatedAt: now(),
          })
          .where("id", "=", groupId)
          .execute();
        const after = await requireGroup(trx, organizationId, groupId);
        await emitGroup(trx, organizationId, "customers.groupUpdate", after, { before, after }, actor);
        return after;
      });
    },

    /**
     * Deletes a group; its memberships go with it. Prices and promotions that name its id stay (they are
     * the pricing and promotions modules' records) and apply to nobody until a group of that id exists again.
     */
    async deleteGroup(
      organizationId: string,
      groupId: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<CustomerGroup> {
      return inTransaction(context.database, options, async (trx) => {
        const before = await requireGroup(trx, organizationId, groupId, { lock: true });
        const members = await customersScope(trx, organizationId)
          .selectFrom("customerGroupMembers")
          .select("customerId")
          .where("groupId", "=", groupId)
          .orderBy("customerId")
          .execute();
        for (const { customerId } of members)
          await changeMembership(trx, { organizationId, groupId, customerId, isMember: false, actor });
        await customersScope(trx, organizationId).deleteFrom("customerGroups").where("id", "=", groupId).execute();
        await emitGroup(
          trx,
          organizationId,
          "customers.groupDelete",
          before,
          { before, members: members.length },
          actor,
        );
        return before;
      });
    },

    /**
     * Puts customers in a group (already members stay, unchanged). Every id must name a profile of the
     * organization: the first unknown one is a 422 at `body.customerIds.N` and nothing is written.
     * Customers are locked in id order, so two requests never wait on each other crosswise.
     */
    async addToGroup(
      organizationId: string,
      groupId: string,
      customerIds: readonly string[],
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<{ added: string[] }> {
      return inTransaction(context.database, options, async (trx) => {
        await requireGroup(trx, organizationId, groupId, { lock: true });
        const unique = [...new Set(customerIds)];
        const found = new Set(
          (
            await customersScope(trx, organizationId)
              .selectFrom("customers")
              .select("id")
              .where("id", "in", unique)
              .execute()
          ).map((row) => row.id),
        );
        const missing = customerIds.findIndex((id) => !found.has(id));
        if (missing >= 0)
          throw customersErrors.invalid(`body.customerIds.${missing}`, `no customer "${customerIds[missing]}"`);
        const added: string[] = [];
        for (const customerId of unique.sort()) {
          if (await changeMembership(trx, { organizationId, groupId, customerId, isMember: true, actor }))
            added.push(customerId);
        }
        return { added };
      });
    },

    /** Takes a customer out of a group; 404 when the group, the customer or the membership does not exist. */
    async removeFromGroup(
      organizationId: string,
      groupId: string,
      customerId: string,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<Customer> {
      return inTransaction(context.database, options, async (trx) => {
        await requireGroup(trx, organizationId, groupId, { lock: true });
        const customer = await changeMembership(trx, { organizationId, groupId, customerId, isMember: false, actor });
        if (!customer) throw customersErrors.membershipNotFound();
        return customer;
      });
    },
  };
}
