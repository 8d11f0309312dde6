import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { z } from "zod";
import {
  AppError,
  isOutboundError,
  pageOffset,
  type CoreTables,
  type PaginationQuery,
} from "@unified-commerce/plugin-sdk";
import type { ChannelAdapter, ChannelSession } from "./channel-adapter.js";
import { channelScope, type ChannelContext } from "./channel-context.js";
import type { connectionSchema, createConnectionInput } from "./channel-schemas.js";
import type { ChannelTables } from "./channel-tables.js";

export type Connection = z.output<typeof connectionSchema>;
export type CreateConnectionInput = z.output<typeof createConnectionInput>;
export type ConnectionRow = Selectable<ChannelTables["channelConnections"]>;

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

/** A row as answered: never its credentials, only their names. */
export function toConnection(row: ConnectionRow): Connection {
  return {
    id: row.id,
    name: row.name,
    adapterId: row.adapterId,
    settings: row.settings,
    credentialKeys: row.credentialKeys,
    backfill: {
      status: row.backfillStatus,
      pages: row.backfillPages,
      items: row.backfillItems,
      errors: row.backfillErrors,
      lastError: row.backfillLastError,
      startedAt: iso(row.backfillStartedAt),
      finishedAt: iso(row.backfillFinishedAt),
    },
    stockPushes: row.stockPushes,
    ordersImported: row.ordersImported,
    ordersRejected: row.ordersRejected,
    reconcile: row.reconcileReport === null ? null : { status: row.reconcileStatus, ...row.reconcileReport },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const openCredentials = (context: ChannelContext, row: ConnectionRow): Record<string, string> =>
  JSON.parse(context.secrets.open(row.sealedCredentials)) as Record<string, string>;

export const connectionNotFound = () => AppError.notFound("Channel connection");

/** The organization's connection (locked `for update` when `isLocked`); 404 for anything else. */
export async function readConnectionRow(
  db: Kysely<CoreTables>,
  organizationId: string,
  id: string,
  isLocked = false,
): Promise<ConnectionRow> {
  const query = channelScope(db, organizationId).selectFrom("channelConnections").selectAll().where("id", "=", id);
  const row = await (isLocked ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw connectionNotFound();
  return row;
}

/**
 * Refuses a connection whose URL settings (the adapter's `urlSettings`) are missing, not http(s), or, in
 * production, refused by the outbound address policy: a 422 before anything is stored.
 */
async function assertReachableSettings(
  context: ChannelContext,
  adapter: ChannelAdapter,
  settings: Readonly<Record<string, string>>,
): Promise<void> {
  for (const name of adapter.urlSettings ?? []) {
    const path = `body.settings.${name}`;
    const url = settings[name];
    if (url === undefined) throw AppError.validation([{ path, message: `required by the "${adapter.id}" adapter` }]);
    try {
      await context.services.outbound.checkRegistration(url);
    } catch (error) {
      if (!isOutboundError(error)) throw error;
      throw new AppError("CHANNEL_TARGET_REFUSED", {
        message: `${path}: ${error.detail}`,
        issues: [{ path, message: error.detail }],
      });
    }
  }
}

export function createConnectionOperations(context: ChannelContext) {
  return {
    /** Stores a connection with its credentials sealed. Starts nothing: no import, no push. */
    async create(organizationId: string, body: CreateConnectionInput): Promise<Connection> {
      const adapter = context.adapters.get(body.adapterId);
      if (!adapter) {
        throw AppError.validation([
          {
            path: "body.adapterId",
            message: `no adapter "${body.adapterId}" (registered: ${context.adapters.ids().join(", ") || "none"})`,
          },
        ]);
      }
      await assertReachableSettings(context, adapter, body.settings);
      const row = await channelScope(context.database.db, organizationId)
        .insertInto("channelConnections", {
          id: randomUUID(),
          name: body.name,
          adapterId: body.adapterId,
          settings: JSON.stringify({ ...body.settings, currency: body.currency }),
          sealedCredentials: context.secrets.seal(JSON.stringify(body.credentials)),
          credentialKeys: JSON.stringify(Object.keys(body.credentials).sort()),
          backfillCursor: null,
          backfillLastError: null,
          reconcileCursor: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toConnection(row);
    },

    async list(organizationId: string, query: PaginationQuery): Promise<{ items: Connection[]; total: number }> {
      const base = channelScope(context.database.db, organizationId).selectFrom("channelConnections");
      const [rows, counted] = await Promise.all([
        base
          .selectAll()
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toConnection), total: Number(counted.count) };
    },

    async get(organizationId: string, id: string): Promise<Connection> {
      return toConnection(await readConnectionRow(context.database.db, organizationId, id));
    },

    /**
     * Removes the connection with its sealed credentials, listings and order records, answering it as it
     * was; pending jobs of it find nothing and end.
     */
    async remove(organizationId: string, id: string): Promise<Connection> {
      const deleted = await channelScope(context.database.db, organizationId)
        .deleteFrom("channelConnections")
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      if (!deleted) throw connectionNotFound();
      return toConnection(deleted);
    },
  };
}

/** A session of the connection's adapter, its credentials opened for it. */
export function openChannel(context: ChannelContext, row: ConnectionRow): ChannelSession {
  const adapter = context.adapters.get(row.adapterId);
  if (!adapter)
    throw new Error(
      `channel connection ${row.id} uses the adapter "${row.adapterId}", which this server does not register`,
    );
  return adapter.open(
    {
      id: row.id,
      organizationId: row.organizationId,
      settings: row.settings,
      credentials: openCredentials(context, row),
    },
    { outbound: context.services.outbound },
  );
}
