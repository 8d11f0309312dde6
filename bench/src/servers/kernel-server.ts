/**
 * Benchmark targets of the kernel: `bare` is a plain Fastify hello-world; `commerce` is the full commerce
 * server (request id, rate limit, actor resolution, permission check, zod validation, envelope) with one
 * builder route that does no I/O, so the difference is the framework's own cost.
 */
import Fastify from "fastify";
import { z } from "zod";
import { createCommerceServer, createKernel, definePlugin, router, type Actor } from "@unified-commerce/core";

const mode = process.argv[2] ?? "bare";
const payload = { greeting: "hello", items: [1, 2, 3] };

const benchActor: Actor = { id: "bench", type: "apiKey", organizationId: "default", permissions: ["bench:read"] };

const benchPlugin = definePlugin({
  id: "bench",
  version: "1.0.0",
  permissions: [{ scope: "bench:read", description: "Benchmark route" }],
  routes: () =>
    router("Bench", "/bench")
      .get("/hello", { summary: "Static payload behind validation and a permission" })
      .permission("bench:read")
      .query(z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }))
      .output(z.object({ greeting: z.string(), items: z.array(z.number()) }))
      .handler(async () => ({ data: payload }))
      .build(),
});

async function main(): Promise<void> {
  if (mode === "bare") {
    const app = Fastify();
    app.get("/hello", async () => ({ data: payload }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    process.send?.({ port: (app.server.address() as { port: number }).port });
    return;
  }
  const url = process.env.BENCH_DATABASE_URL;
  const kernel = await createKernel({
    logLevel: "silent",
    database: url ? { url, schema: "bench_kernel" } : { dataDir: "memory://" },
    http: { rateLimit: { max: 1_000_000_000 } },
    plugins: [benchPlugin],
  });
  // Every request carries a key-like header resolved in memory: actor resolution without a database hit.
  const app = await createCommerceServer(kernel, {
    resolveActor: async (request) => (request.headers["x-api-key"] === "bench" ? benchActor : null),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.send?.({ port: (app.server.address() as { port: number }).port });
}

await main();
