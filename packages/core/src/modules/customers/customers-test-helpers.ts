import type { FastifyInstance } from "fastify";
import { sql, type Kysely } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import type { Actor } from "../../kernel/actor.js";
import { createTestActor } from "../../testing/index.js";
import { call } from "../catalog/testing.js";

/** Staff who manage customers. */
export const customerManager: Actor = createTestActor({
  id: "customer-manager",
  permissions: ["customers:read", "customers:update"],
});

/** Staff who only read customers. */
export const customerReader: Actor = createTestActor({ id: "customer-reader", permissions: ["customers:read"] });

/** Creates a customer through the API and answers it. */
export async function createCustomer(
  app: FastifyInstance,
  body: Record<string, unknown> = {},
  actor: Actor = customerManager,
) {
  const response = await call(app, "POST", "/api/customers", { actor, body });
  if (response.status !== 201)
    throw new Error(`customer not created: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as { id: string; email: string | null; groupIds: string[] };
}

/** Creates a group through the API and answers its id. */
export async function createGroup(
  app: FastifyInstance,
  body: Record<string, unknown>,
  actor: Actor = customerManager,
): Promise<string> {
  const response = await call(app, "POST", "/api/customers/groups", { actor, body });
  if (response.status !== 201)
    throw new Error(`group not created: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data.id as string;
}

/** Row counts of every customers table with the events and audit entries: a refused write leaves them all as they were. */
export async function customerTraces(db: Kysely<CoreTables>) {
  const { rows } = await sql<Record<string, string>>`select
    (select count(*) from customers) as customers,
    (select coalesce(max(updated_at)::text, '') from customers) as last_update,
    (select count(*) from customer_groups) as groups,
    (select count(*) from customer_group_members) as members,
    (select count(*) from customer_addresses) as addresses,
    (select count(*) from domain_events) as events,
    (select count(*) from audit_entries) as audit`.execute(db);
  return rows[0];
}

/** The event types recorded for one customer, oldest first, with the audit log's. */
export async function customerEvents(db: Kysely<CoreTables>, customerId: string) {
  const events = await sql<{
    type: string;
  }>`select type from domain_events where entity_id = ${customerId} order by sequence`.execute(db);
  const audit = await sql<{
    event: string;
  }>`select event from audit_entries where entity_id = ${customerId} order by occurred_at, event`.execute(db);
  return { events: events.rows.map((row) => row.type), audit: audit.rows.map((row) => row.event) };
}
