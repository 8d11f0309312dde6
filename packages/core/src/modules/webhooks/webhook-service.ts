import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { queryTemplate } from "../../db/query-template.js";
import { tenantScope } from "../../db/tenant-scope.js";
import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import type { DomainEvent, EventBus } from "../../kernel/event-bus.js";
import type { DomainEventPayload } from "../../kernel/domain-events.js";
import type { SecretBox } from "../../kernel/secret-box.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import type { PaginationQuery } from "../../http/pagination.js";
import { pageOffset } from "../../http/pagination.js";
import type { OutboundClient } from "../../http/outbound/outbound-client.js";
import type { HostResolver, TargetPolicy } from "../../http/outbound/target-policy.js";
import { sendWebhook } from "./send-webhook.js";
import type { webhookDeliverySchema, webhookEndpointSchema } from "./webhook-schemas.js";
import { assertRegistrableTarget } from "./webhook-targets.js";
import { generateWebhookSecret, signWebhook } from "./webhook-signature.js";
import type { WebhookTables } from "./webhook-tables.js";

/** The task that delivers one webhook; retried with exponential backoff over about a day. */
export const DELIVER_TASK = "webhooks/deliver";

/** An endpoint as the API answers it (never with its secret). */
export type WebhookEndpoint = z.output<typeof webhookEndpointSchema>;

/** A delivery and the outcome of its last attempt. */
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

export interface WebhookOptions {
  /**
   * @deprecated Use `outbound.targets`, which every outbound call (webhooks included) follows. Read only
   * when `outbound.targets` is unset.
   */
  targets?: TargetPolicy;
  /** @deprecated Use `outbound.resolveHost`. Read only when `outbound.resolveHost` is unset. */
  resolveHost?: HostResolver;
  /** Per-attempt timeout in milliseconds. @default 10000 */
  timeoutMs?: number;
}

export interface CreateEndpointInput {
  url: string;
  events: string[];
  description?: string | undefined;
  isActive?: boolean | undefined;
}

export interface WebhookService {
  /** Registers an endpoint; the signing secret is in the answer and never again. */
  create(
    organizationId: string,
    input: CreateEndpointInput,
    actor: Actor,
    options?: TxOptions,
  ): Promise<WebhookEndpoint & { secret: string }>;
  update(
    organizationId: string,
    id: string,
    patch: Partial<CreateEndpointInput>,
    actor: Actor,
    options?: TxOptions,
  ): Promise<WebhookEndpoint>;
  list(
    organizationId: string,
    page: PaginationQuery,
    options?: TxOptions,
  ): Promise<{ items: WebhookEndpoint[]; total: number }>;
  remove(organizationId: string, id: string, actor: Actor, options?: TxOptions): Promise<void>;
  listDeliveries(
    organizationId: string,
    endpointId: string,
    page: PaginationQuery,
    options?: TxOptions,
  ): Promise<{ items: WebhookDelivery[]; total: number }>;
  /** Creates a delivery and its job per subscribed endpoint, inside the event's transaction (outbox). */
  fanOut(event: DomainEvent, services: Services, options: Required<TxOptions>): Promise<void>;
  /**
   * One attempt at a delivery. Throws when it failed, so the job queue retries it; answers `skipped` when
   * there was nothing to send (the endpoint was deleted or switched off).
   */
  attempt(
    organizationId: string,
    deliveryId: string,
    attempt: { number: number; isLast: boolean },
    options?: TxOptions,
  ): Promise<"delivered" | "skipped">;
}

interface Dependencies {
  database: DatabaseAccess;
  events: EventBus;
  secrets: SecretBox;
  options: WebhookOptions;
  /** The kernel's outbound client (`services.outbound`): every delivery and registration check goes through it. */
  outbound: OutboundClient;
  /** Names of the events endpoints may subscribe to (the manifests' `events`); others are never fanned out. */
  subscribable: ReadonlySet<string>;
}

const readActiveEndpoints = queryTemplate((db, args: { organizationId: string }) =>
  tenantScope(db.withTables<WebhookTables>(), args.organizationId)
    .selectFrom("webhookEndpoints")
    .select(["id", "events"])
    .where("isActive", "=", true),
);

export function createWebhookService({
  database,
  events,
  secrets,
  options: webhookOptions,
  outbound,
  subscribable,
}: Dependencies): WebhookService {
  const db = database.db.withTables<WebhookTables>();
  /** The webhook tables of one organization, on the caller's transaction when given. */
  const scope = (organizationId: string, options: TxOptions | undefined) =>
    tenantScope(options?.trx?.withTables<WebhookTables>() ?? db, organizationId);
  const endpointColumns = ["id", "url", "events", "description", "isActive", "createdAt", "updatedAt"] as const;

  /**
   * The active endpoints each transaction has read, per organization. A checkout emits several events,
   * and each fans out: reading the endpoints once per transaction saves a round trip per event while the
   * store's order-number counter is held (checkout's `placeOrder`). The endpoint writes below forget
   * their transaction's reads, so a transaction always fans out to the endpoints it sees.
   */
  const activeEndpointsRead = new WeakMap<
    Transaction<CoreTables>,
    Map<string, Promise<{ id: string; events: string[] }[]>>
  >();
  const activeEndpoints = (organizationId: string, trx: Transaction<CoreTables>) => {
    let byOrganization = activeEndpointsRead.get(trx);
    if (!byOrganization) activeEndpointsRead.set(trx, (byOrganization = new Map()));
    let endpoints = byOrganization.get(organizationId);
    if (!endpoints) {
      endpoints = readActiveEndpoints.execute(trx, { organizationId }).then((result) => result.rows);
      byOrganization.set(organizationId, endpoints);
    }
    return endpoints;
  };

  const findEndpoint = async (organizationId: string, id: string, options: TxOptions | undefined) => {
    const row = await scope(organizationId, options)
      .selectFrom("webhookEndpoints")
      .select(endpointColumns)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw AppError.notFound("Webhook endpoint");
    return toEndpoint(row);
  };

  return {
    async create(organizationId, input, actor, options) {
      // Resolved before the transaction opens: no transaction waits on DNS.
      await assertRegistrableTarget(input.url, outbound);
      const secret = generateWebhookSecret();
      const id = randomUUID();
      await inTransaction(database, options, async (trx) => {
        activeEndpointsRead.delete(trx);
        await scope(organizationId, { trx })
          .insertInto("webhookEndpoints", {
            id,
            url: input.url,
            events: JSON.stringify(input.events),
            description: input.description ?? null,
            secretSealed: secrets.seal(secret),
            isActive: input.isActive ?? true,
          })
          .execute();
        await events.emit(
          {
            organizationId,
            type: "webhooks.create",
            entityType: "webhookEndpoint",
            entityId: id,
            payload: { after: { url: input.url, events: input.events, isActive: input.isActive ?? true } },
            actor,
          },
          { trx },
        );
      });
      return { ...(await findEndpoint(organizationId, id, options)), secret };
    },

    async update(organizationId, id, patch, actor, options) {
      const before = await findEndpoint(organizationId, id, options);
      if (patch.url !== undefined) await assertRegistrableTarget(patch.url, outbound);
      await inTransaction(database, options, async (trx) => {
        activeEndpointsRead.delete(trx);
        await scope(organizationId, { trx })
          .updateTable("webhookEndpoints")
          .set({
            ...(patch.url === undefined ? {} : { url: patch.url }),
            ...(patch.events === undefined ? {} : { events: JSON.stringify(patch.events) }),
            ...(patch.description === undefined ? {} : { description: patch.description }),
            ...(patch.isActive === undefined ? {} : { isActive: patch.isActive }),
            updatedAt: new Date(),
          })
          .where("id", "=", id)
          .execute();
        await events.emit(
          {
            organizationId,
            type: "webhooks.update",
            entityType: "webhookEndpoint",
            entityId: id,
            payload: { before: { url: before.url, events: before.events, isActive: before.isActive }, changes: patch },
            actor,
          },
          { trx },
        );
      });
      return findEndpoint(organizationId, id, options);
    },

    async list(organizationId, page, options) {
      const [items, count] = await Promise.all([
        scope(organizationId, options)
          .selectFrom("webhookEndpoints")
          .select(endpointColumns)
          .orderBy("createdAt", "desc")
          .orderBy("id")
          .limit(page.limit)
          .offset(pageOffset(page))
          .execute(),
        scope(organizationId, options)
          .selectFrom("webhookEndpoints")
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: items.map(toEndpoint), total: Number(count.total) };
    },

    async remove(organizationId, id, actor, options) {
      await inTransaction(database, options, async (trx) => {
        activeEndpointsRead.delete(trx);
        const deleted = await scope(organizationId, { trx })
          .deleteFrom("webhookEndpoints")
          .where("id", "=", id)
          .executeTakeFirst();
        if (deleted.numDeletedRows === 0n) throw AppError.notFound("Webhook endpoint");
        await events.emit(
          { organizationId, type: "webhooks.delete", entityType: "webhookEndpoint", entityId: id, payload: {}, actor },
          { trx },
        );
      });
    },

    async listDeliveries(organizationId, endpointId, page, options) {
      await findEndpoint(organizationId, endpointId, options);
      const base = () =>
        scope(organizationId, options).selectFrom("webhookDeliveries").where("endpointId", "=", endpointId);
      const [rows, count] = await Promise.all([
        base()
          .select([
            "id",
            "endpointId",
            "eventId",
            "eventType",
            "webhookId",
            "status",
            "attempts",
            "lastStatus",
            "lastError",
            "lastDurationMs",
            "lastAttemptAt",
            "deliveredAt",
            "createdAt",
          ])
          .orderBy("createdAt", "desc")
          .orderBy("id")
          .limit(page.limit)
          .offset(pageOffset(page))
          .execute(),
        base()
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((row) => ({
          ...row,
          lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
          deliveredAt: row.deliveredAt?.toISOString() ?? null,
          createdAt: row.createdAt.toISOString(),
        })),
        total: Number(count.total),
      };
    },

    async fanOut(event, services, { trx }) {
      // Audit-only events (settings, tax, ...) cannot have subscribers: no query for them.
      if (!subscribable.has(event.type)) return;
      const tables = scope(event.organizationId, { trx });
      const endpoints = await activeEndpoints(event.organizationId, trx);
      const subscribed = endpoints.filter((endpoint) => endpoint.events.includes(event.type));
      if (subscribed.length === 0) return;
      const body = JSON.stringify({
        type: event.type,
        timestamp: event.occurredAt.toISOString(),
        data: { id: event.entityId, entityType: event.entityType, ...event.payload },
      });
      const deliveries = subscribed.map((endpoint) => ({
        id: randomUUID(),
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        webhookId: `msg_${event.id.replaceAll("-", "")}`,
        body,
        status: "pending" as const,
      }));
      await tables.insertInto("webhookDeliveries", deliveries).execute();
      for (const delivery of deliveries) {
        await services.jobs.enqueue(
          DELIVER_TASK,
          { deliveryId: delivery.id },
          { organizationId: event.organizationId, trx },
        );
      }
    },

    async attempt(organizationId, deliveryId, attempt, options) {
      const delivery = await scope(organizationId, options)
        .selectFrom("webhookDeliveries")
        .innerJoin("webhookEndpoints", "webhookEndpoints.id", "webhookDeliveries.endpointId")
        .select([
          "webhookDeliveries.id",
          "webhookDeliveries.webhookId",
          "webhookDeliveries.body",
          "webhookDeliveries.createdAt",
          "webhookEndpoints.url",
          "webhookEndpoints.secretSealed",
          "webhookEndpoints.isActive",
        ])
        .where("webhookDeliveries.id", "=", deliveryId)
        .executeTakeFirst();
      // The endpoint was deleted (its deliveries with it) or switched off: nothing left to send.
      if (!delivery || !delivery.isActive) return "skipped";

      const timestamp = Math.floor(Date.now() / 1000);
      const result = await sendWebhook({
        url: delivery.url,
        body: delivery.body,
        timeoutMs: webhookOptions.timeoutMs ?? 10_000,
        outbound,
        headers: {
          "webhook-id": delivery.webhookId,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": signWebhook(
            secrets.open(delivery.secretSealed),
            delivery.webhookId,
            timestamp,
            delivery.body,
          ),
          "user-agent": "UnifiedCommerce-Webhooks/1",
        },
      });
      const isSuccess = result.error === null;
      await scope(organizationId, options)
        .updateTable("webhookDeliveries")
        .set({
          status: isSuccess ? "succeeded" : attempt.isLast ? "failed" : "retrying",
          attempts: attempt.number,
          lastStatus: result.status,
          lastError: result.error,
          lastDurationMs: result.durationMs,
          lastAttemptAt: new Date(),
          ...(isSuccess ? { deliveredAt: new Date() } : {}),
        })
        .where("id", "=", deliveryId)
        .execute();
      if (!isSuccess) throw new Error(result.error ?? "Delivery failed");
      return "delivered";
    },
  };
}

function toEndpoint(row: {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}): WebhookEndpoint {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

declare module "../../kernel/kernel-task.js" {
  interface TaskInputs {
    "webhooks/deliver": { deliveryId: string };
  }
}

declare module "../../kernel/domain-events.js" {
  interface DomainEvents {
    /** An endpoint was registered, changed or deleted (audit only, not a webhook event). */
    "webhooks.create": DomainEventPayload;
    "webhooks.update": DomainEventPayload;
    "webhooks.delete": DomainEventPayload;
  }
}

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.webhooks` too.
declare module "../../kernel/services.js" {
  interface Services {
    webhooks: WebhookService;
  }
}
