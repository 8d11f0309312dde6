import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import type { Actor } from "../../kernel/actor.js";
import { ordersScope } from "./orders-context.js";
import type { timelineEntrySchema, timelineEntryTypeSchema } from "./orders-schemas.js";

export type TimelineEntry = z.output<typeof timelineEntrySchema>;
export type TimelineEntryType = z.output<typeof timelineEntryTypeSchema>;

export interface AppendTimelineInput {
  organizationId: string;
  orderId: string;
  type: TimelineEntryType;
  /** Who did it; null for an unattributed change. */
  actor: Pick<Actor, "id" | "type"> | null;
  summary: string;
  data: Record<string, unknown>;
}

/**
 * Writes one entry of an order's timeline in the caller's transaction, so the entry exists exactly when
 * the change it tells of (a status move, a note, a refund or its undo) commits.
 */
export async function appendTimeline(trx: Transaction<CoreTables>, input: AppendTimelineInput): Promise<void> {
  const { organizationId, orderId, type, actor, summary, data } = input;
  await ordersScope(trx, organizationId)
    .insertInto("orderTimeline", {
      id: randomUUID(),
      orderId,
      type,
      actorId: actor?.id ?? null,
      actorType: actor?.type ?? null,
      summary,
      data: JSON.stringify(data),
    })
    .execute();
}

const ACTOR_TYPES: ReadonlySet<string> = new Set<Actor["type"]>(["user", "apiKey", "system"]);
const isActorType = (type: string | null): type is Actor["type"] => type !== null && ACTOR_TYPES.has(type);

const toActor = (id: string | null, type: string | null): TimelineEntry["actor"] =>
  id !== null && isActorType(type) ? { id, type } : null;

/**
 * An order's whole timeline, newest first (the caller has checked the order is the organization's). It is
 * not paginated: an order gathers tens of entries, and the spec answers them as one array.
 */
export async function readTimeline(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
  orderId: string,
): Promise<TimelineEntry[]> {
  const rows = await ordersScope(db, organizationId)
    .selectFrom("orderTimeline")
    .select(["id", "type", "at", "actorId", "actorType", "summary", "data"])
    .where("orderId", "=", orderId)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(({ actorId, actorType, at, ...row }) => ({
    ...row,
    at: at.toISOString(),
    actor: toActor(actorId, actorType),
  }));
}
