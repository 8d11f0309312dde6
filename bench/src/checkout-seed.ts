/**
 * Seeds the checkout benchmark's schema through the kernel's own services (not timed): products with a
 * EUR price and stock in one warehouse, a storefront API key, and guest carts of one line each, as a
 * storefront makes them (`carts.create` then `carts.addItem`, each answering a cart token).
 */
import pg from "pg";
import { auth } from "@unified-commerce/auth";
import { createKernel, type CommerceConfig, type Kernel } from "@unified-commerce/core";

export const CHECKOUT_SCHEMA = "bench_checkout";

export const benchDatabaseUrl = (): string => process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

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
          permissions: { catalog: ["read"], inventory: ["read"], pricing: ["read"], cart: ["create", "read", "update"], orders: ["create"] },
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

export interface CheckoutSeed {
  apiKey: string;
  /** Carts whose single lines cycle over `skuCount` products: consecutive carts never share a SKU. */
  distinct: SeededCart[];
  /** Carts whose single line is the same product (stocked for all of them). */
  hot: SeededCart[];
}

export interface SeedPlan {
  skuCount: number;
  distinctCarts: number;
  hotCarts: number;
}

export async function seedCheckout(plan: SeedPlan): Promise<CheckoutSeed> {
  const admin = new pg.Client({ connectionString: benchDatabaseUrl() });
  await admin.connect();
  await admin.query(`drop schema if exists ${CHECKOUT_SCHEMA} cascade`);
  await admin.end();

  const kernel = await createKernel(checkoutKernelOptions());
  try {
    const warehouseId = (await kernel.services.inventory.createWarehouse("default", { name: "Main", code: "main" })).id;
    // Each distinct SKU is bought at most once per cart that cycles onto it; the hot one by every hot cart.
    const perSku = Math.ceil(plan.distinctCarts / plan.skuCount) + 1;
    const products = await inBatches(plan.skuCount, (i) => product(kernel, warehouseId, i, perSku));
    const hotProduct = await product(kernel, warehouseId, plan.skuCount, plan.hotCarts + 1);
    const distinct = await inBatches(plan.distinctCarts, (i) => cartOf(kernel, products[i % products.length] as string));
    const hot = await inBatches(plan.hotCarts, () => cartOf(kernel, hotProduct));
    const key = await kernel.services.apiKeys.create({ organizationId: "default", scope: "storefront", name: "bench storefront" });
    return { apiKey: key.key, distinct, hot };
  } finally {
    await kernel.close();
  }
}

/** A published product with its price and `onHand` units in the warehouse; answers its id. */
async function product(kernel: Kernel, warehouseId: string, i: number, onHand: number): Promise<string> {
  const { catalog, pricing, inventory } = kernel.services;
  const { result: entity } = await catalog.createEntity(
    "default",
    { type: "product", slug: `bench-item-${i}`, status: "active", metadata: {}, attributes: { en: { title: `Bench item ${i}` } } },
    null,
  );
  await pricing.upsertPrice("default", { entityId: entity.id, currency: "EUR", amount: UNIT_PRICE }, null);
  await inventory.adjust("default", { entityId: entity.id, warehouseId, type: "restock", quantity: onHand }, null);
  return entity.id;
}

/** A guest cart holding one unit of `entityId`, made as a storefront makes it. */
async function cartOf(kernel: Kernel, entityId: string): Promise<SeededCart> {
  const { carts } = kernel.services;
  const { cart, cartToken } = await carts.create({ organizationId: "default", caller: { actor: null }, body: { currency: "EUR" } });
  await carts.addItem({ organizationId: "default", cartId: cart.id, actor: null, cartToken }, { entityId, quantity: 1 });
  return { id: cart.id, token: cartToken };
}

/** Runs `make(0..count-1)` ten at a time (the pool's size), answering the results in index order. */
async function inBatches<T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += 10) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(10, count - start) }, (_, k) => make(start + k)))));
  }
  return results;
}
