import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import type { DatabaseAccess } from "../../kernel/contexts.js";
import { isUuid } from "../../db/is-uuid.js";
import { appendTimeline } from "./order-timeline.js";
import { ordersScope } from "./orders-context.js";
import type { createOrderNoteInput, orderNoteSchema } from "./orders-schemas.js";
import { requireOrder } from "./require-order.js";

export type OrderNote = z.output<typeof orderNoteSchema>;
export type CreateOrderNoteBody = z.output<typeof createOrderNoteInput>;

const NOTE_COLUMNS = ["id", "body", "pinned", "authorId", "createdAt"] as const;

const noteNotFound = () => AppError.notFound("Note");

/**
 * Staff notes on an order; adding or deleting one writes a `note` timeline entry in the same transaction.
 * The entry names the note, not its text, so a deleted note's words do not outlive it.
 */
export function createOrderNotes({ database }: { database: DatabaseAccess }) {
  return {
    async addNote(
      organizationId: string,
      orderId: string,
      body: CreateOrderNoteBody,
      actor: Actor,
    ): Promise<OrderNote> {
      return database.transaction(async (trx) => {
        await requireOrder(trx, organizationId, orderId);
        const row = await ordersScope(trx, organizationId)
          .insertInto("orderNotes", {
            id: randomUUID(),
            orderId,
            body: body.body,
            pinned: body.pinned,
            authorId: actor.id,
            authorType: actor.type,
          })
          .returning(NOTE_COLUMNS)
          .executeTakeFirstOrThrow();
        await appendTimeline(trx, {
          organizationId,
          orderId,
          type: "note",
          actor,
          summary: body.pinned ? "Pinned note added" : "Note added",
          data: { noteId: row.id, pinned: row.pinned },
        });
        return { ...row, createdAt: row.createdAt.toISOString() };
      });
    },

    /** Pinned notes first, then newest first. */
    async listNotes(organizationId: string, orderId: string): Promise<OrderNote[]> {
      await requireOrder(database.db, organizationId, orderId);
      const rows = await ordersScope(database.db, organizationId)
        .selectFrom("orderNotes")
        .select(NOTE_COLUMNS)
        .where("orderId", "=", orderId)
        .orderBy("pinned", "desc")
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    /** Deletes a note of the order and answers it; a note of another order, or an unknown one, is a 404. */
    async deleteNote(organizationId: string, orderId: string, noteId: string, actor: Actor): Promise<OrderNote> {
      return database.transaction(async (trx) => {
        await requireOrder(trx, organizationId, orderId);
        if (!isUuid(noteId)) throw noteNotFound();
        const deleted = await ordersScope(trx, organizationId)
          .deleteFrom("orderNotes")
          .where("id", "=", noteId)
          .where("orderId", "=", orderId)
          .returning(NOTE_COLUMNS)
          .executeTakeFirst();
        if (!deleted) throw noteNotFound();
        await appendTimeline(trx, {
          organizationId,
          orderId,
          type: "note",
          actor,
          summary: "Note deleted",
          data: { noteId: deleted.id, pinned: deleted.pinned },
        });
        return { ...deleted, createdAt: deleted.createdAt.toISOString() };
      });
    },
  };
}
