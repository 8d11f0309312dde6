/**
 * Seeds the checkout benchmark's schema (not timed): products with a EUR price and stock in one
 * warehouse and a storefront API key through the kernel's own services; guest carts of one line each,
 * for the commerce server as a storefront makes them (`carts.create` then `carts.addItem`, answering a
 * cart token), for the bare route with plain SQL.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { auth } from "@unified-commerce/auth";
import { createKernel, type CommerceConfig, type Kernel } from "@unified-commerce/core";

export const CHECKOUT_SCHEMA = "bench_checkout";

export const benchDatabaseUrl = (): string =>
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * The database URL with an `application_name`, so the bench can tell the PostgreSQL backends serving
 * one target from those of anything else using the same server (`pg_stat_activity`).
 */
export function namedDatabaseUrl(applicationName: string): string {
  const url = new URL(benchDatabaseUrl());
  url.searchParams.set("application_name", applicationName);
  return url.toString();
}

/** The `application_name` of each benchmark server's connections. */
export const APPLICATION_NAMES = { bare: "bench_checkout_bare", commerce: "bench_checkout_commerce" } as const;

const SEED_CONCURRENCY = 20;

/** A price every product has, in minor units. */
export const UNIT_PRICE = 2500;

/**
 * The commerce server's configuration, shared by the seed and the server so both run the same
 * migrations: the auth plugin with the reference server's storefront scope (carts and checkout), rate
 * limits off (one client sends everything), the job worker off (its default: the payment intent and
 * webhook jobs a checkout enqueues wait in the table, as they do for a separate worker process).
 */
export function checkoutKernelOptions(databaseUrl = benchDatabaseUrl()): CommerceConfig {
  return {
    logLevel: "silent",
    database: { url: databaseUrl, schema: CHECKOUT_SCHEMA, poolSize: 10 },
    http: { rateLimit: false },
    auth: {
      apiKeyScopes: {
        storefront: {
          prefix: "uc_sf_",
          description: "Storefront: catalog, prices, carts and checkout",
          permissions: {
            catalog: ["read"],
            inventory: ["read"],
            pricing: ["read"],
            cart: ["create", "read", "update"],
            orders: ["create"],
          },
        },
      },
    },
    plugins: [auth()],
  };
}

/** A guest's cart as the client holds it: its id and the token that reaches it. */
export interface SeededCart {
  id: string;
  token: string;
}

/** One target's carts: `distinct` ones cycle over the products (consecutive carts never share a SKU), `hot` ones all hold the hot product. */
export interface TargetCarts {
  distinct: SeededCart[];
  hot: SeededCart[];
}

/**
 * A second store of the same server that charges shipping (issue 33): its own products, a zone (DE) and a
 * flat shipping option. Apart from `default`, because a store with an active option requires one at
 * every checkout, and the plain rows must stay the checkout of a store without shipping.
 */
export interface ShippingSeed {
  apiKey: string;
  /** One line each over distinct SKUs, the address and the option already chosen (`PUT /carts/:id/shipping`). */
  carts: SeededCart[];
  /** Five lines of five SKUs with a Berlin address: read again and again by the options quote. */
  quoteCart: SeededCart;
}

export interface CheckoutSeed {
  apiKey: string;
  commerce: TargetCarts;
  bare: TargetCarts;
  shipping: ShippingSeed;
}

/** The store that charges shipping. */
export const SHIPPING_ORGANIZATION = "bench-shipping";

/** The flat shipping price of its one option, in minor units. */
export const SHIPPING_AMOUNT = 490;

const BERLIN = { line1: "Unter den Linden 1", city: "Berlin", postalCode: "10117", country: "DE" };

export interface SeedPlan {
  skuCount: number;
  /** Carts of each kind (distinct, hot) for each target. */
  cartsPerKind: number;
  /** One-line carts of the shipping store. @default cartsPerKind */
  shippingCarts?: number;
}

export async function seedCheckout(plan: SeedPlan): Promise<CheckoutSeed> {
  const admin = new pg.Client({ connectionString: benchDatabaseUrl() });
  await admin.connect();
  await admin.query(`drop schema if exists ${CHECKOUT_SCHEMA} cascade`);

  const options = checkoutKernelOptions();
  const kernel = await createKernel({ ...options, database: { ...options.database, poolSize: SEED_CONCURRENCY } });
  try {
    const warehouseId = (await kernel.services.inventory.createWarehouse("default", { name: "Main", code: "main" })).id;
    // Stock for every cart of both targets: a distinct SKU is in one cart out of skuCount, the hot one in all.
    const perSku = Math.ceil((2 * plan.cartsPerKind) / plan.skuCount) + 1;
    const products = await inBatches(plan.skuCount, (i) => product(kernel, warehouseId, i, perSku));
    const hotProduct = await product(kernel, warehouseId, plan.skuCount, 2 * plan.cartsPerKind + 1);
    const productOf = (i: number) => products[i % products.length] as string;
    const commerce = {
      distinct: await inBatches(plan.cartsPerKind, (i) => cartOf(kernel, productOf(i))),
      hot: await inBatches(plan.cartsPerKind, () => cartOf(kernel, hotProduct)),
    };
    await admin.query(`set search_path = ${CHECKOUT_SCHEMA}`);
    const bare = {
      distinct: await bareCarts(
        admin,
        Array.from({ length: plan.cartsPerKind }, (_, i) => productOf(i)),
      ),
      hot: await bareCarts(
        admin,
        Array.from({ length: plan.cartsPerKind }, () => hotProduct),
      ),
    };
    const key = await kernel.services.apiKeys.create({
      organizationId: "default",
      scope: "storefront",
      name: "bench storefront",
    });
    const shipping = await seedShippingStore(kernel, plan);
    await analyzeSchema(admin);
    return { apiKey: key.key, commerce, bare, shipping };
  } finally {
    await Promise.all([kernel.close(), admin.end()]);
  }
}

/**
 * Vacuums and analyzes every table of the schema, as autovacuum would have by the time a store takes
 * orders. Without statistics the planner takes the freshly seeded tables for empty: it then joins a
 * cart's lines to every price of the store (501 index probes per checkout), for both targets alike.
 */
async function analyzeSchema(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = $1",
    [CHECKOUT_SCHEMA],
  );
  for (const { name } of rows) await client.query(`vacuum analyze ${CHECKOUT_SCHEMA}.${pg.escapeIdentifier(name)}`);
}

/**
 * Carts of one line each (`entityIds[i]`, one unit) for the bare route, written by two set-based
 * statements: the same rows the service writes, without the seed time of thousands of service calls.
 * The commerce server's carts are made through its service (`cartOf`).
 */
async function bareCarts(client: pg.Client, entityIds: readonly string[]): Promise<SeededCart[]> {
  const carts = entityIds.map(() => ({ id: randomUUID(), token: randomBytes(32).toString("base64url") }));
  const hashes = carts.map((cart) => createHash("sha256").update(cart.token, "utf8").digest("hex"));
  await client.query("begin");
  await client.query(
    `insert into carts (id, organization_id, currency, token_hash, expires_at)
     select id, 'default', 'EUR', token_hash, now() + interval '1 day' from unnest($1::uuid[], $2::text[]) as t (id, token_hash)`,
    [carts.map((cart) => cart.id), hashes],
  );
  await client.query(
    `insert into cart_items (id, organization_id, cart_id, entity_id, quantity)
     select gen_random_uuid(), 'default', cart_id, entity_id, 1 from unnest($1::uuid[], $2::uuid[]) as t (cart_id, entity_id)`,
    [carts.map((cart) => cart.id), entityIds],
  );
  await client.query("commit");
  return carts;
}

/** A published product with its price and `onHand` units in the warehouse; answers its id. */
async function product(
  kernel: Kernel,
  warehouseId: string,
  i: number,
  onHand: number,
  organizationId = "default",
): Promise<string> {
  const { catalog, pricing, inventory } = kernel.services;
  const { result: entity } = await catalog.createEntity(
    organizationId,
    {
      type: "product",
      slug: `bench-item-${i}`,
      status: "active",
      metadata: {},
      attributes: { en: { title: `Bench item ${i}` } },
    },
    null,
  );
  await pricing.upsertPrice(organizationId, { entityId: entity.id, currency: "EUR", amount: UNIT_PRICE }, null);
  await inventory.adjust(organizationId, { entityId: entity.id, warehouseId, type: "restock", quantity: onHand }, null);
  return entity.id;
}

/**
 * A guest cart holding one unit of `entityId`, made by the calls a storefront's two requests make, in
 * one transaction (one commit instead of two: seeding thousands of carts is what bounds the run time).
 */
async function cartOf(
  kernel: Kernel,
  entityIds: string | readonly string[],
  shipping?: { optionIds: string[] },
): Promise<SeededCart> {
  const { carts } = kernel.services;
  const organizationId = shipping ? SHIPPING_ORGANIZATION : "default";
  return kernel.database.transaction(async (trx) => {
    const { cart, cartToken } = await carts.create(
      { organizationId, caller: { actor: null }, body: { currency: "EUR" } },
      { trx },
    );
    const target = { organizationId, cartId: cart.id, actor: null, cartToken };
    for (const entityId of typeof entityIds === "string" ? [entityIds] : entityIds)
      await carts.addItem(target, { entityId, quantity: 1 }, { trx });
    if (shipping) await carts.setShipping(target, { address: BERLIN, optionIds: shipping.optionIds }, { trx });
    return { id: cart.id, token: cartToken };
  });
}

/**
 * The shipping store: `skuCount` products (one unit per cart that holds it, and some), a zone and a flat
 * option, its storefront key, its one-line carts with the option chosen, and the 5-line quote cart.
 */
async function seedShippingStore(kernel: Kernel, plan: SeedPlan): Promise<ShippingSeed> {
  const { inventory, shipping, apiKeys } = kernel.services;
  const warehouseId = (await inventory.createWarehouse(SHIPPING_ORGANIZATION, { name: "Main", code: "main" })).id;
  const cartCount = plan.shippingCarts ?? plan.cartsPerKind;
  const perSku = Math.ceil(cartCount / plan.skuCount) + 2;
  const products = await inBatches(plan.skuCount, (i) =>
    product(kernel, warehouseId, i, perSku, SHIPPING_ORGANIZATION),
  );
  const zone = await shipping.createZone(SHIPPING_ORGANIZATION, { name: "Germany", countries: ["DE"] }, null);
  const option = await shipping.createOption(
    SHIPPING_ORGANIZATION,
    { name: "Standard", zoneId: zone.id, calculator: "flat", rates: { EUR: { amount: SHIPPING_AMOUNT } } },
    null,
  );
  const carts = await inBatches(cartCount, (i) =>
    cartOf(kernel, products[i % products.length] as string, { optionIds: [option.id] }),
  );
  const quoteCart = await cartOf(kernel, products.slice(0, 5), { optionIds: [] });
  const key = await apiKeys.create({
    organizationId: SHIPPING_ORGANIZATION,
    scope: "storefront",
    name: "bench shipping",
  });
  return { apiKey: key.key, carts, quoteCart };
}

/** Runs `make(0..count-1)` SEED_CONCURRENCY at a time (the seed pool's size), answering the results in index order. */
async function inBatches<T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += SEED_CONCURRENCY) {
    results.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(SEED_CONCURRENCY, count - start) }, (_, k) => make(start + k)),
      )),
    );
  }
  return results;
}
