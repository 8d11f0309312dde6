import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { z } from "zod";
import {
  AppError,
  inTransaction,
  pageOffset,
  type Actor,
  type CoreTables,
  type TxOptions,
} from "@unified-commerce/plugin-sdk";
import {
  ruleIssue,
  type commissionRuleSchema,
  type createCommissionRuleInput,
  type listCommissionRulesQuery,
  type updateCommissionRuleInput,
} from "./commission-schemas.js";
import { isUuid, marketplaceScope, type MarketplaceContext } from "./marketplace-context.js";
import type { MarketplaceTables } from "./marketplace-tables.js";
import { readVendorRow } from "./vendors.js";

export type CommissionRule = z.output<typeof commissionRuleSchema>;
export type CreateCommissionRuleInput = z.output<typeof createCommissionRuleInput>;
export type UpdateCommissionRuleInput = z.output<typeof updateCommissionRuleInput>;

const RULE_COLUMNS = [
  "id",
  "name",
  "type",
  "rateBps",
  "amount",
  "vendorId",
  "categoryId",
  "priority",
  "isActive",
  "createdAt",
  "updatedAt",
] as const;
type RuleRow = Pick<Selectable<MarketplaceTables["marketplaceCommissionRules"]>, (typeof RULE_COLUMNS)[number]>;

const toRule = (row: RuleRow): CommissionRule => ({
  ...row,
  rateBps: row.rateBps === null ? null : Number(row.rateBps),
  amount: row.amount === null ? null : Number(row.amount),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const ruleNotFound = () => AppError.notFound("Commission rule");

/** The store's active rules, the order `pickRule` expects: highest priority first, then oldest. */
export async function activeRules(db: Kysely<CoreTables>, organizationId: string): Promise<CommissionRule[]> {
  const rows = await marketplaceScope(db, organizationId)
    .selectFrom("marketplaceCommissionRules")
    .select(RULE_COLUMNS)
    .where("isActive", "=", true)
    .orderBy("priority", "desc")
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows.map(toRule);
}

/** Commission rules: percentage or fixed, per vendor, per category or by default, by priority. */
export function createCommissionRuleOperations(context: MarketplaceContext) {
  const { database, events } = context;
  const emit = (
    trx: Transaction<CoreTables>,
    organizationId: string,
    actor: Actor | null,
    ruleId: string,
    change: "create" | "update" | "delete",
  ) =>
    events.emit(
      {
        organizationId,
        type: "marketplace.commissionRuleChange",
        entityType: "commissionRule",
        entityId: ruleId,
        payload: { ruleId, change },
        actor,
      },
      { trx },
    );

  return {
    list: async (
      organizationId: string,
      query: z.output<typeof listCommissionRulesQuery>,
      options?: TxOptions,
    ): Promise<{ items: CommissionRule[]; total: number }> => {
      let base = marketplaceScope(options?.trx ?? database.db, organizationId).selectFrom("marketplaceCommissionRules");
      if (query.vendorId) base = base.where("vendorId", "=", query.vendorId);
      const [rows, counted] = await Promise.all([
        base
          .select(RULE_COLUMNS)
          .orderBy("priority", "desc")
          .orderBy("createdAt")
          .orderBy("id")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRule), total: Number(counted.count) };
    },

    /** A rule naming a vendor of another store (or none) is a 422: the rule would never match. */
    create: (
      organizationId: string,
      actor: Actor | null,
      body: CreateCommissionRuleInput,
      options?: TxOptions,
    ): Promise<CommissionRule> =>
      inTransaction(database, options, async (trx) => {
        if (body.vendorId) await assertVendor(trx, organizationId, body.vendorId);
        const now = new Date();
        const row = await marketplaceScope(trx, organizationId)
          .insertInto("marketplaceCommissionRules", {
            id: randomUUID(),
            name: body.name,
            type: body.type,
            rateBps: body.rateBps ?? null,
            amount: body.amount ?? null,
            vendorId: body.vendorId ?? null,
            categoryId: body.categoryId ?? null,
            priority: body.priority,
            isActive: body.isActive,
            createdAt: now,
            updatedAt: now,
          })
          .returning(RULE_COLUMNS)
          .executeTakeFirstOrThrow();
        await emit(trx, organizationId, actor, row.id, "create");
        return toRule(row);
      }),

    /** Changes a rule; the merged rule must still be whole (a percentage with a rate, a fixed with an amount): 422. */
    update: (
      organizationId: string,
      actor: Actor | null,
      ruleId: string,
      body: UpdateCommissionRuleInput,
      options?: TxOptions,
    ): Promise<CommissionRule> =>
      inTransaction(database, options, async (trx) => {
        const scope = marketplaceScope(trx, organizationId);
        const current = isUuid(ruleId)
          ? await scope
              .selectFrom("marketplaceCommissionRules")
              .select(RULE_COLUMNS)
              .where("id", "=", ruleId)
              .forUpdate()
              .executeTakeFirst()
          : undefined;
        if (!current) throw ruleNotFound();
        const merged = { ...toRule(current), ...body };
        const issue = ruleIssue(merged);
        if (issue) throw AppError.validation([issue]);
        if (body.vendorId) await assertVendor(trx, organizationId, body.vendorId);
        const row = await scope
          .updateTable("marketplaceCommissionRules")
          .set({ ...body, updatedAt: new Date() })
          .where("id", "=", ruleId)
          .returning(RULE_COLUMNS)
          .executeTakeFirstOrThrow();
        await emit(trx, organizationId, actor, ruleId, "update");
        return toRule(row);
      }),

    /** Deletes a rule; sub-orders keep the commission it set (each line records its rule). */
    remove: (
      organizationId: string,
      actor: Actor | null,
      ruleId: string,
      options?: TxOptions,
    ): Promise<{ id: string }> =>
      inTransaction(database, options, async (trx) => {
        const removed = isUuid(ruleId)
          ? await marketplaceScope(trx, organizationId)
              .deleteFrom("marketplaceCommissionRules")
              .where("id", "=", ruleId)
              .returning("id")
              .executeTakeFirst()
          : undefined;
        if (!removed) throw ruleNotFound();
        await emit(trx, organizationId, actor, ruleId, "delete");
        return { id: ruleId };
      }),
  };
}

async function assertVendor(db: Kysely<CoreTables>, organizationId: string, vendorId: string): Promise<void> {
  try {
    await readVendorRow(db, organizationId, vendorId);
  } catch {
    throw AppError.validation([{ path: "body.vendorId", message: "No such vendor in this store" }]);
  }
}
