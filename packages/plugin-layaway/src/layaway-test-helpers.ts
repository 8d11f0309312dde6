import { sql, type Kysely } from "kysely";
import { createTestActor, jsonHeaders, testAdminActor, type TestApp } from "@unified-commerce/plugin-sdk/testing";
import type { Actor, CoreTables } from "@unified-commerce/plugin-sdk";

/** Staff at the counter: makes and reads plans, records payments (which make orders), no forfeits. */
export const clerk: Actor = createTestActor({ id: "clerk", permissions: ["layaway:operate", "orders:create"] });

/** One HTTP call as `actor` (the store's administrator by default), answering status and body. */
export async function call(
  t: TestApp,
  method: "GET" | "POST",
  url: string,
  options: { actor?: Actor; body?: unknown } = {},
) {
  const response = await t.app.inject({
    method,
    url,
    headers: jsonHeaders(options.actor ?? testAdminActor),
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
  return { status: response.statusCode, body: response.json() };
}

/** A published product of `actor`'s store with a EUR price and `onHand` units in a warehouse; answers its id. */
export async function stockedProduct(
  t: TestApp,
  input: { slug: string; price: number; onHand: number; actor?: Actor },
): Promise<string> {
  const actor = input.actor ?? testAdminActor;
  const entity = await call(t, "POST", "/api/catalog/entities", {
    actor,
    body: { type: "product", status: "active", slug: input.slug, attributes: { en: { title: input.slug } } },
  });
  if (entity.status !== 201) throw new Error(`entity not created: ${JSON.stringify(entity.body)}`);
  const entityId = entity.body.data.id as string;
  const price = await call(t, "POST", "/api/pricing/prices", {
    actor,
    body: { entityId, currency: "EUR", amount: input.price },
  });
  if (price.status >= 300) throw new Error(`price not set: ${JSON.stringify(price.body)}`);
  const warehouse = await call(t, "POST", "/api/inventory/warehouses", {
    actor,
    body: { name: `wh-${input.slug}`, code: `wh-${input.slug}` },
  });
  const adjusted = await call(t, "POST", "/api/inventory/adjust", {
    actor,
    body: { entityId, warehouseId: warehouse.body.data.id, type: "restock", quantity: input.onHand },
  });
  if (adjusted.status !== 200) throw new Error(`stock not set: ${JSON.stringify(adjusted.body)}`);
  return entityId;
}

/** Stock of an entity: on hand, reserved, available. */
export async function stockOf(
  t: TestApp,
  entityId: string,
  actor: Actor = testAdminActor,
): Promise<{ onHand: number; reserved: number; available: number }> {
  const { onHand, reserved, available } = (
    await call(t, "GET", `/api/inventory/check?entityIds=${entityId}`, { actor })
  ).body.data[0];
  return { onHand, reserved, available };
}

const DAY_MS = 24 * 3600 * 1000;
export const daysFromNow = (days: number): string => new Date(Date.now() + days * DAY_MS).toISOString();

/** A plan body for `lines`: a deposit, `count` monthly installments. */
export const planBody = (
  lines: readonly { entityId: string; quantity: number }[],
  overrides: Record<string, unknown> = {},
) => ({
  customerId: "customer-1",
  email: "ada@example.com",
  currency: "EUR",
  lines,
  deposit: { amount: 1000, method: "cash" },
  schedule: { count: 3, intervalDays: 30 },
  ...overrides,
});

const TRACE_KEYS = [
  "plans",
  "lines",
  "installments",
  "ledger",
  "paid",
  "reservations",
  "reserved",
  "onHand",
  "orders",
  "intents",
  "events",
  "jobs",
] as const;

/** Counts and sums of everything the plugin's routes write: a refused request must leave them all as they were. */
export async function layawayTraces(db: Kysely<CoreTables>): Promise<Record<(typeof TRACE_KEYS)[number], number>> {
  const { rows } = await sql<Record<(typeof TRACE_KEYS)[number], string>>`select
    (select count(*) from layaway_plans) as plans,
    (select count(*) from layaway_lines) as lines,
    (select count(*) from layaway_installments) as installments,
    (select count(*) from layaway_ledger) as ledger,
    (select coalesce(sum(paid_amount), 0) from layaway_plans) as paid,
    (select count(*) from inventory_reservations) as reservations,
    (select coalesce(sum(reserved), 0) from inventory_levels) as reserved,
    (select coalesce(sum(on_hand), 0) from inventory_levels) as "onHand",
    (select count(*) from orders) as orders,
    (select count(*) from payment_intents) as intents,
    (select count(*) from domain_events) as events,
    (select count(*) from jobs) as jobs`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("no traces");
  return Object.fromEntries(TRACE_KEYS.map((key) => [key, Number(row[key])])) as Record<
    (typeof TRACE_KEYS)[number],
    number
  >;
}
