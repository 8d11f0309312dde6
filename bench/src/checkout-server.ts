/**
 * Benchmark targets of checkout, on the schema `checkout-seed.ts` made: `commerce` is the full commerce
 * server (`POST /api/checkout`, storefront API key resolved by the auth plugin, guest carts reached by
 * their `x-cart-token`); `bare` is a plain Fastify + pg route doing the checkout's core writes by hand in
 * one transaction: lock the cart, read its lines with their prices, a guarded stock decrement per line,
 * the order number from the counter upsert, the order, its lines, the cart marked checked out.
 *
 * The bare route does less than the real one on purpose (no promotions, tax, reservation record, payment
 * intent, event, audit entry or webhook jobs): it is the floor any checkout pays, the ratio says how far
 * above it the real one runs.
 */
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import Fastify from "fastify";
import pg from "pg";
import { createCommerceServer, createKernel } from "@unified-commerce/core";
import { APPLICATION_NAMES, CHECKOUT_SCHEMA, checkoutKernelOptions, namedDatabaseUrl } from "./checkout-seed.js";

const mode = process.argv[2] ?? "bare";
const ORGANIZATION = "default";

interface CartRow {
  id: string;
  token_hash: string;
  currency: string;
}

interface LineRow {
  entity_id: string;
  variant_id: string | null;
  quantity: number;
  amount: string;
  title: string;
}

/** Sent as 422 when a line's stock is short: the transaction is rolled back. */
class OutOfStock extends Error {}

const isToken = (token: string | undefined, storedHash: string): boolean => {
  if (!token) return false;
  const given = createHash("sha256").update(token, "utf8").digest();
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
};

async function bare(): Promise<void> {
  const pool = new pg.Pool({
    connectionString: namedDatabaseUrl(APPLICATION_NAMES.bare),
    max: 10,
    options: `-c search_path=${CHECKOUT_SCHEMA}`,
  });
  const app = Fastify();
  app.post<{ Body: { cartId: string; paymentMethodId: string; currency: string } }>(
    "/checkout",
    async (request, reply) => {
      const { cartId, paymentMethodId, currency } = request.body;
      const token = request.headers["x-cart-token"];
      const client = await pool.connect();
      try {
        await client.query("begin");
        const cart = (
          await client.query<CartRow>(
            "select id, token_hash, currency from carts where organization_id = $1 and id = $2 and status = 'open' and expires_at > now() for update",
            [ORGANIZATION, cartId],
          )
        ).rows[0];
        if (
          !cart ||
          !isToken(typeof token === "string" ? token : undefined, cart.token_hash) ||
          cart.currency !== currency
        ) {
          await client.query("rollback");
          return reply.code(404).send({ error: { code: "NOT_FOUND" } });
        }
        const lines = (
          await client.query<LineRow>(
            `select i.entity_id, i.variant_id, i.quantity, p.amount, a.title
           from cart_items i
           join pricing_prices p on p.organization_id = i.organization_id and p.entity_id = i.entity_id and p.variant_id is null
             and p.currency = $3 and p.customer_group_id is null
           join catalog_entity_attributes a on a.organization_id = i.organization_id and a.entity_id = i.entity_id and a.locale = 'en'
           where i.organization_id = $1 and i.cart_id = $2 order by i.entity_id, i.variant_id`,
            [ORGANIZATION, cartId, currency],
          )
        ).rows;
        for (const line of lines) {
          const taken = await client.query(
            `update inventory_levels set on_hand = on_hand - $4, updated_at = now()
           where organization_id = $1 and entity_id = $2 and variant_id is not distinct from $3 and on_hand - reserved >= $4`,
            [ORGANIZATION, line.entity_id, line.variant_id, line.quantity],
          );
          if (taken.rowCount !== 1) throw new OutOfStock();
        }
        const counter = await client.query<{ last_value: number }>(
          `insert into order_number_counters (organization_id, year, last_value) values ($1, $2, 1)
         on conflict (organization_id, year) do update set last_value = order_number_counters.last_value + 1 returning last_value`,
          [ORGANIZATION, new Date().getUTCFullYear()],
        );
        const number = `ORD-${new Date().getUTCFullYear()}-${String(counter.rows[0]?.last_value).padStart(6, "0")}`;
        const total = lines.reduce((sum, line) => sum + Number(line.amount) * line.quantity, 0);
        const orderId = randomUUID();
        await client.query(
          `insert into orders (id, organization_id, number, status, cart_id, customer_id, currency, is_tax_inclusive, payment_method_id, subtotal, discount_total, tax_total, total)
         values ($1, $2, $3, 'pending', $4, null, $5, false, $6, $7, 0, 0, $7)`,
          [orderId, ORGANIZATION, number, cartId, currency, paymentMethodId, total],
        );
        // One multi-row insert: id, order, position, entity, variant, title, quantity, unit price, line total.
        const params = lines.flatMap((line, i) => [
          randomUUID(),
          orderId,
          i,
          line.entity_id,
          line.variant_id,
          line.title,
          line.quantity,
          Number(line.amount),
          Number(line.amount) * line.quantity,
        ]);
        const rows = lines.map((_, i) => {
          const p = (k: number) => `$${i * 9 + k + 1}`;
          return `(${p(0)}, $${params.length + 1}, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, 0, 0, ${p(8)}, 0)`;
        });
        await client.query(
          `insert into order_lines (id, organization_id, order_id, position, entity_id, variant_id, title, quantity, unit_price, subtotal, discount, tax, total, tax_rate_bps)
         values ${rows.join(", ")}`,
          [...params, ORGANIZATION],
        );
        await client.query(
          "update carts set status = 'checked_out', order_id = $3, updated_at = now() where organization_id = $1 and id = $2",
          [ORGANIZATION, cartId, orderId],
        );
        await client.query("commit");
        return reply.code(201).send({
          data: {
            id: orderId,
            number,
            status: "pending",
            currency,
            total,
            lines: lines.map((line) => ({
              entityId: line.entity_id,
              quantity: line.quantity,
              unitPrice: Number(line.amount),
            })),
          },
        });
      } catch (error) {
        await client.query("rollback");
        if (error instanceof OutOfStock)
          return reply.code(422).send({ error: { code: "CHECKOUT_FAILED", details: { reason: "OUT_OF_STOCK" } } });
        throw error;
      } finally {
        client.release();
      }
    },
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.send?.({ port: (app.server.address() as { port: number }).port });
}

async function commerce(): Promise<void> {
  const kernel = await createKernel(checkoutKernelOptions(namedDatabaseUrl(APPLICATION_NAMES.commerce)));
  const app = await createCommerceServer(kernel);
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.send?.({ port: (app.server.address() as { port: number }).port });
}

// Leave through process.exit on SIGTERM, so a server run with `NODE_OPTIONS=--cpu-prof` writes its profile.
process.once("SIGTERM", () => process.exit(0));
await (mode === "bare" ? bare() : commerce());
