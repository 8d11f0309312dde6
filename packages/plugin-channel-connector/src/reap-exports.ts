import type { ChannelContext } from "./channel-context.js";
import { openChannel } from "./connections.js";
import type { ChannelTables } from "./channel-tables.js";

export interface ReapResult {
  /** Backfills and reconciles abandoned: no progress for `staleCursorMs`. */
  staleCursors: number;
  /** Files the adapters removed. */
  exports: number;
}

/**
 * The `channel/reap-exports` job's work, over every organization: clears the cursors of backfills and
 * reconciles that made no progress for `staleCursorMs` (their jobs failed for good; asking again starts
 * over rather than resuming from a week-old page), then lets each connection's adapter remove the files
 * it exported that are older than `exportRetentionMs` (adapters without files have no `reapExports`).
 * A connection whose adapter fails is logged and skipped: the next run tries it again.
 */
export async function reapExports(context: ChannelContext, now = new Date()): Promise<ReapResult> {
  const db = context.database.db.withTables<ChannelTables>();
  const staleBefore = new Date(now.getTime() - context.settings.staleCursorMs);
  const note = `abandoned: no progress since ${staleBefore.toISOString()}`;
  const backfills = await db
    .updateTable("channelConnections")
    .set({ backfillStatus: "idle", backfillCursor: null, backfillLastError: note, updatedAt: now })
    .where("backfillStatus", "=", "running")
    .where("updatedAt", "<", staleBefore)
    .returning("id")
    .execute();
  const reconciles = await db
    .updateTable("channelConnections")
    .set({ reconcileStatus: "idle", reconcileCursor: null, updatedAt: now })
    .where("reconcileStatus", "=", "running")
    .where("updatedAt", "<", staleBefore)
    .returning("id")
    .execute();
  let exports = 0;
  const olderThan = new Date(now.getTime() - context.settings.exportRetentionMs);
  const connections = await db.selectFrom("channelConnections").selectAll().execute();
  for (const row of connections) {
    try {
      const session = openChannel(context, row);
      if (session.reapExports) exports += await session.reapExports({ olderThan });
    } catch (error) {
      context.logger.warn(
        { err: error, connectionId: row.id },
        "channel-connector: reaping the exports of a connection failed",
      );
    }
  }
  return { staleCursors: backfills.length + reconciles.length, exports };
}
