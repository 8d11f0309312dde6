import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { z } from "zod";
import {
  AppError,
  accountableActor,
  hasPermission,
  inTransaction,
  pageOffset,
  type Actor,
  type CoreTables,
  type TxOptions,
} from "@unified-commerce/plugin-sdk";
import { assertParty, partiesOf, type AftersaleParty } from "./aftersale-access.js";
import type { disputeSchema, listDisputesQuery, openDisputeInput, resolveDisputeInput } from "./aftersale-schemas.js";
import { appendEntries } from "./ledger.js";
import { iso, isUuid, marketplaceScope, type MarketplaceContext } from "./marketplace-context.js";
import { assertMove, disputeMoves } from "./marketplace-states.js";
import type { MarketplaceTables } from "./marketplace-tables.js";
import { readSubOrderRow } from "./sub-orders.js";

export type Dispute = z.output<typeof disputeSchema>;

const DISPUTE_COLUMNS = [
  "id",
  "subOrderId",
  "vendorId",
  "orderId",
  "customerId",
  "status",
  "reason",
  "description",
  "vendorResponse",
  "escalationNote",
  "outcome",
  "resolutionNote",
  "adjustment",
  "openedBy",
  "respondedAt",
  "escalatedAt",
  "resolvedAt",
  "createdAt",
  "updatedAt",
] as const;
type DisputeRow = Pick<Selectable<MarketplaceTables["marketplaceDisputes"]>, (typeof DISPUTE_COLUMNS)[number]>;
const toDispute = (row: DisputeRow): Dispute => ({
  ...row,
  adjustment: row.adjustment === null ? null : Number(row.adjustment),
  respondedAt: iso(row.respondedAt),
  escalatedAt: iso(row.escalatedAt),
  resolvedAt: iso(row.resolvedAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
const notFound = () => AppError.notFound("Dispute");

/** Who makes each move: the vendor answers, the buyer or staff escalate, an administrator resolves. */
const MOVERS: Record<keyof typeof disputeMoves, readonly AftersaleParty[]> = {
  respond: ["vendor", "staff"],
  escalate: ["buyer", "staff"],
  resolve: [],
};

type MoveInput =
  | { move: "respond"; response: string }
  | { move: "escalate"; note?: string | undefined }
  | ({ move: "resolve" } & z.output<typeof resolveDisputeInput>);

/** Disputes about a sub-order: opened by its buyer or staff, moved along `disputeMoves`. */
export function createDisputeOperations(context: MarketplaceContext) {
  const { database, events } = context;

  const read = async (db: Kysely<CoreTables>, organizationId: string, id: string): Promise<DisputeRow> => {
    const row = isUuid(id)
      ? await marketplaceScope(db, organizationId)
          .selectFrom("marketplaceDisputes")
          .select(DISPUTE_COLUMNS)
          .where("id", "=", id)
          .forUpdate()
          .executeTakeFirst()
      : undefined;
    if (!row) throw notFound();
    return row;
  };

  return {
    open: (
      organizationId: string,
      actor: Actor,
      body: z.output<typeof openDisputeInput>,
      options?: TxOptions,
    ): Promise<Dispute> =>
      inTransaction(database, options, async (trx) => {
        // An unknown sub-order and one the actor has no part in answer the same 404.
        const sub = await readSubOrderRow(trx, organizationId, body.subOrderId);
        assertParty(await partiesOf(trx, actor, sub), ["buyer", "staff"], "Sub-order");
        const now = new Date();
        const row = await marketplaceScope(trx, organizationId)
          .insertInto("marketplaceDisputes", {
            id: randomUUID(),
            subOrderId: sub.id,
            vendorId: sub.vendorId,
            orderId: sub.orderId,
            customerId: sub.customerId,
            status: "open",
            reason: body.reason,
            description: body.description ?? null,
            vendorResponse: null,
            escalationNote: null,
            outcome: null,
            resolutionNote: null,
            adjustment: null,
            openedBy: accountableActor(actor).id,
            respondedAt: null,
            escalatedAt: null,
            resolvedAt: null,
            createdAt: now,
            updatedAt: now,
          })
          .returning(DISPUTE_COLUMNS)
          .executeTakeFirstOrThrow();
        await events.emit(
          {
            organizationId,
            type: "marketplace.disputeOpen",
            entityType: "dispute",
            entityId: row.id,
            payload: { vendorId: sub.vendorId, disputeId: row.id, subOrderId: sub.id, reason: body.reason },
            actor,
          },
          { trx },
        );
        return toDispute(row);
      }),

    list: async (
      organizationId: string,
      query: z.output<typeof listDisputesQuery>,
      options?: TxOptions,
    ): Promise<{ items: Dispute[]; total: number }> => {
      let base = marketplaceScope(options?.trx ?? database.db, organizationId).selectFrom("marketplaceDisputes");
      if (query.vendorId) base = base.where("vendorId", "=", query.vendorId);
      if (query.status) base = base.where("status", "=", query.status);
      const [rows, counted] = await Promise.all([
        base
          .select(DISPUTE_COLUMNS)
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toDispute), total: Number(counted.count) };
    },

    /**
     * Moves a dispute (409 for a move its machine refuses). Resolving needs `marketplace:admin` and may
     * write an `adjustment` to the vendor's ledger, in the sub-order's currency, with the resolution.
     */
    move: (
      organizationId: string,
      actor: Actor,
      disputeId: string,
      input: MoveInput,
      options?: TxOptions,
    ): Promise<Dispute> =>
      inTransaction(database, options, async (trx) => {
        const current = await read(trx, organizationId, disputeId);
        const parties = await partiesOf(trx, actor, current);
        if (input.move === "resolve") {
          if (!hasPermission(actor, "marketplace:admin")) assertParty(parties, MOVERS.resolve, "Dispute");
        } else assertParty(parties, MOVERS[input.move], "Dispute");
        const { from, to } = assertMove("dispute", disputeMoves, input.move, current.status);
        const now = new Date();
        const changes =
          input.move === "respond"
            ? { vendorResponse: input.response, respondedAt: now }
            : input.move === "escalate"
              ? { escalationNote: input.note ?? null, escalatedAt: now }
              : {
                  outcome: input.outcome,
                  resolutionNote: input.note ?? null,
                  adjustment: input.adjustment ?? null,
                  resolvedAt: now,
                };
        const row = await marketplaceScope(trx, organizationId)
          .updateTable("marketplaceDisputes")
          .set({ status: to, updatedAt: now, ...changes })
          .where("id", "=", current.id)
          .where("status", "in", [...from])
          .returning(DISPUTE_COLUMNS)
          .executeTakeFirstOrThrow();
        if (input.move === "resolve" && input.adjustment) {
          const sub = await readSubOrderRow(trx, organizationId, current.subOrderId);
          await appendEntries(trx, organizationId, [
            {
              vendorId: current.vendorId,
              kind: "adjustment",
              amount: input.adjustment,
              currency: sub.currency,
              subOrderId: sub.id,
              disputeId: current.id,
              note: `dispute resolved for the ${input.outcome}`,
            },
          ]);
        }
        await events.emit(
          {
            organizationId,
            type: "marketplace.disputeStatusChange",
            entityType: "dispute",
            entityId: row.id,
            payload: { vendorId: row.vendorId, disputeId: row.id, from: current.status, to },
            actor,
          },
          { trx },
        );
        return toDispute(row);
      }),
  };
}
