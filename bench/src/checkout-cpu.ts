/**
 * The commerce server's CPU per checkout, in one process, one checkout at a time (`app.inject`: no
 * socket, no load generator, no contention): for comparing two versions of the code on a machine whose
 * throughput swings between runs. Run it on each version in turn, a few times alternately, and compare
 * the pairs. Not a `.bench.ts`: `pnpm bench` does not run it. It prints the CPU of the PostgreSQL
 * backends of its own connections too (found by `application_name`), so other users of the same server
 * do not count.
 *
 *   pnpm --filter @unified-commerce/bench exec tsx --conditions=source src/checkout-cpu.ts
 *
 * `CHECKOUT_CPU_COUNT` checkouts (default 1500) of the checkout bench's seed: the first half warms up,
 * the second is measured. `CHECKOUT_CPU_PROFILE=<file>` writes a CPU profile of the measured half.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { createCommerceServer, createKernel } from "@unified-commerce/core";
import pg from "pg";
import { benchDatabaseUrl, checkoutKernelOptions, namedDatabaseUrl, seedCheckout } from "./checkout-seed.js";
import type { SeededCart } from "./checkout-seed.js";
import { cpuSeconds } from "./servers/start-server.js";

const count = Number(process.env.CHECKOUT_CPU_COUNT ?? 1500);
const profilePath = process.env.CHECKOUT_CPU_PROFILE;

const seed = await seedCheckout({ skuCount: 500, cartsPerKind: count, shippingCarts: 0 });
const APPLICATION_NAME = "bench_checkout_cpu";
const kernel = await createKernel(checkoutKernelOptions(namedDatabaseUrl(APPLICATION_NAME)));
const app = await createCommerceServer(kernel);

const checkout = async (cart: SeededCart) => {
  const response = await app.inject({
    method: "POST",
    url: "/api/checkout",
    headers: { authorization: `Bearer ${seed.apiKey}`, "x-cart-token": cart.token },
    payload: { cartId: cart.id, paymentMethodId: "manual", currency: "EUR" },
  });
  if (response.statusCode !== 201) throw new Error(`Checkout answered ${response.statusCode}: ${response.body}`);
};

try {
  const carts = seed.commerce.distinct;
  const warmUp = Math.floor(carts.length / 2);
  for (const cart of carts.slice(0, warmUp)) await checkout(cart);

  const session = profilePath ? new Session() : null;
  if (session) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
  }
  const measured = carts.slice(warmUp);
  // The kernel's own PostgreSQL backends (by application_name): others may share the server.
  const backends = await backendsOf(APPLICATION_NAME);
  const backendCpu = () => backends.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const backendStarted = backendCpu();
  const started = process.cpuUsage();
  const startedAt = performance.now();
  for (const cart of measured) await checkout(cart);
  const { user, system } = process.cpuUsage(started);
  const wallMs = performance.now() - startedAt;
  const postgresMicros = (backendCpu() - backendStarted) * 1e6;
  const per = (microseconds: number) => Math.round(microseconds / measured.length);
  console.log(
    `${measured.length} checkouts: server CPU ${per(user + system)} us per checkout ` +
      `(user ${per(user)}, system ${per(system)}), ` +
      `PostgreSQL ${per(postgresMicros)} us (${backends.length} backends), wall ${per(wallMs * 1000)} us`,
  );
  if (session && profilePath) {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(profilePath, JSON.stringify(profile));
  }
} finally {
  await app.close();
  await kernel.close();
}

/** Process ids of the PostgreSQL backends whose connections carry `applicationName`. */
async function backendsOf(applicationName: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl() });
  await client.connect();
  try {
    const query = "select pid from pg_stat_activity where application_name = $1";
    const { rows } = await client.query<{ pid: number }>(query, [applicationName]);
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}
