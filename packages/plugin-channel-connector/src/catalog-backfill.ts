import { sql, type Transaction } from "kysely";
import type { CoreTables } from "@unified-commerce/plugin-sdk";
import { isChannelItemRejected, type ChannelProduct } from "./channel-adapter.js";
import { channelScope, connectionKey, type ChannelContext } from "./channel-context.js";
import { BACKFILL_TASK } from "./channel-declarations.js";
import { openChannel, readConnectionRow, toConnection, type Connection } from "./connections.js";

/** What one `channel/backfill-catalog` run did. */
export interface BackfillPageResult {
  page: number | null;
  pushed: number;
  errors: number;
  isDone: boolean;
}

type ListedEntity = {
  id: string;
  slug: string;
  status: ChannelProduct["status"];
  createdAt: string;
  attributes?: Record<string, { title?: string | null }>;
};

/** The cursor of a backfill that has not pushed its first page yet. */
const FIRST_PAGE = "first";

/**
 * Where the next page starts: after the last product pushed (its id and creation date, the listing's
 * keyset), so products deleted or created during a run shift nothing. A cursor of another shape (the page
 * numbers of earlier versions) starts over: pushes are upserts.
 */
function positionAfter(cursor: string): { id: string; value: string } | undefined {
  if (cursor === FIRST_PAGE) return undefined;
  try {
    const parsed: unknown = JSON.parse(cursor);
    if (
      parsed &&
      typeof parsed === "object" &&
      "id" in parsed &&
      "value" in parsed &&
      typeof parsed.id === "string" &&
      typeof parsed.value === "string"
    ) {
      return { id: parsed.id, value: parsed.value };
    }
  } catch {
    // Not JSON: an earlier version's page number.
  }
  return undefined;
}

/**
 * Starts (or resumes) the connection's catalog backfill: a run already under way keeps its cursor, so
 * asking again after a crash goes on from the last page recorded; a finished or never-started one starts
 * over from the first page (pushes are upserts: nothing is listed twice). Enqueues the first page's job
 * in the same transaction.
 */
export async function startBackfill(
  context: ChannelContext,
  organizationId: string,
  connectionId: string,
): Promise<Connection> {
  return context.database.transaction(async (trx) => {
    const row = await readConnectionRow(trx, organizationId, connectionId, true);
    const isResuming = row.backfillStatus === "running";
    const updated = isResuming
      ? row
      : await channelScope(trx, organizationId)
          .updateTable("channelConnections")
          .set({
            backfillStatus: "running",
            backfillCursor: FIRST_PAGE,
            backfillPages: 0,
            backfillItems: 0,
            backfillErrors: 0,
            backfillLastError: null,
            backfillStartedAt: new Date(),
            backfillFinishedAt: null,
            updatedAt: new Date(),
          })
          .where("id", "=", connectionId)
          .returningAll()
          .executeTakeFirstOrThrow();
    await enqueuePage(context, organizationId, connectionId, trx);
    return toConnection(updated);
  });
}

const enqueuePage = (
  context: ChannelContext,
  organizationId: string,
  connectionId: string,
  trx: Transaction<CoreTables>,
) =>
  context.services.jobs.enqueue(
    BACKFILL_TASK,
    { connectionId },
    {
      organizationId,
      trx,
      concurrencyKey: connectionKey("backfill", connectionId),
      supersedes: true,
      maxAttempts: context.settings.attempts,
    },
  );

/**
 * One page of the backfill (the job's work): reads the page after the cursor (entities of type product,
 * oldest first), pushes each product with its price and available stock, records the listings, then in
 * one transaction moves the cursor past the page's last product (guarded on the cursor it read, so a
 * run that lost a race records nothing) with the progress and enqueues the next page. A crash anywhere
 * before that transaction leaves the cursor where it was: the page is pushed again, and the channel's
 * upserts keep every product listed once.
 */
export async function backfillPage(
  context: ChannelContext,
  organizationId: string,
  connectionId: string,
): Promise<BackfillPageResult> {
  const db = context.database.db;
  const row = await readConnectionRow(db, organizationId, connectionId).catch(() => null);
  if (!row || row.backfillStatus !== "running" || row.backfillCursor === null)
    return { page: null, pushed: 0, errors: 0, isDone: true };
  const cursor = row.backfillCursor;
  const page = row.backfillPages + 1;
  const pageSize = context.settings.backfillPageSize;
  const currency = row.settings.currency ?? "EUR";
  const after = positionAfter(cursor);
  // One product more than the page: whether another page follows, without an empty last run.
  const { entities } = await context.services.catalog.listEntities(
    organizationId,
    {
      page: 1,
      limit: pageSize + 1,
      type: "product",
      sort: { field: "createdAt", direction: "asc" },
      include: ["attributes"],
      ...(after ? { after } : {}),
    },
    null,
  );
  const fetched = entities.parse() as ListedEntity[];
  const listed = fetched.slice(0, pageSize);
  const isDone = fetched.length <= pageSize;
  const last = listed.at(-1);
  const ids = listed.map((entity) => entity.id);
  const [prices, stock] = await Promise.all([
    context.services.pricing.resolve({
      organizationId,
      currency,
      lines: ids.map((entityId) => ({ entityId, variantId: null })),
    }),
    ids.length === 0 ? Promise.resolve([]) : context.services.inventory.check(organizationId, ids),
  ]);
  const available = new Map(stock.map((entry) => [entry.entityId, entry.available]));
  const session = openChannel(context, row);
  let pushed = 0;
  let errors = 0;
  let lastError: string | null = null;
  for (const [index, entity] of listed.entries()) {
    const product: ChannelProduct = {
      entityId: entity.id,
      slug: entity.slug,
      title: Object.values(entity.attributes ?? {}).find((attributes) => attributes.title)?.title ?? entity.slug,
      status: entity.status,
      price: prices[index]?.amount ?? null,
      currency,
      available: available.get(entity.id) ?? 0,
    };
    try {
      const { externalId } = await session.pushProduct(product);
      await session.setStock({ externalId, available: product.available });
      await channelScope(db, organizationId)
        .insertInto("channelListings", { connectionId, entityId: entity.id, externalId })
        .onConflict((oc) => oc.columns(["connectionId", "entityId"]).doUpdateSet({ externalId, pushedAt: new Date() }))
        .execute();
      pushed += 1;
    } catch (error) {
      // A refusal of one product is progress to report; anything else fails the attempt (retried).
      if (!isChannelItemRejected(error)) throw error;
      errors += 1;
      lastError = `${entity.slug}: ${error.message}`;
    }
  }
  await context.database.transaction(async (trx) => {
    const advanced = await channelScope(trx, organizationId)
      .updateTable("channelConnections")
      .set({
        backfillCursor: isDone || !last ? null : JSON.stringify({ id: last.id, value: last.createdAt }),
        backfillStatus: isDone ? "done" : "running",
        backfillPages: sql<number>`backfill_pages + 1`,
        backfillItems: sql<number>`backfill_items + ${pushed}`,
        backfillErrors: sql<number>`backfill_errors + ${errors}`,
        ...(lastError === null ? {} : { backfillLastError: lastError }),
        ...(isDone ? { backfillFinishedAt: new Date() } : {}),
        updatedAt: new Date(),
      })
      .where("id", "=", connectionId)
      .where("backfillStatus", "=", "running")
      .where("backfillCursor", "=", cursor)
      .returning("id")
      .executeTakeFirst();
    if (advanced && !isDone) await enqueuePage(context, organizationId, connectionId, trx);
  });
  return { page, pushed, errors, isDone };
}
