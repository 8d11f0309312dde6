/**
 * The auth benchmark's server: the real commerce server with the `auth()` plugin on PostgreSQL (schema
 * `bench_auth`, recreated at start), one active product with attributes and 12 variants, a storefront
 * API key and a signed-up customer. It reports its port and the API key to the parent; the bench signs
 * in over HTTP for the session token.
 *
 * `GET /api/bench/product/:slug` is `GET /api/catalog/entities/:idOrSlug?include=attributes,variants`
 * without `.permission("catalog:read")`: the same service call and answer, so anonymous, API-key and
 * session callers can be compared on one route and the difference is the cost of authentication.
 */
import pg from "pg";
import { z } from "zod";
import { auth } from "@unified-commerce/auth";
import { createCommerceServer, createKernel, definePlugin, router } from "@unified-commerce/core";

const BENCH_AUTH_SCHEMA = "bench_auth";
const BENCH_SLUG = "organic-shirt";
const BENCH_EMAIL = "bench@example.com";
const BENCH_PASSWORD = "correct horse battery staple";

const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const storefrontProduct = definePlugin({
  id: "bench-storefront",
  version: "1.0.0",
  routes: ({ services }) =>
    router("Bench", "/bench")
      .get("/product/:slug", { summary: "A product as a storefront reads it, open to anonymous callers" })
      .query(z.object({ include: z.string().optional() }))
      .output(z.record(z.string(), z.unknown()))
      .handler(async ({ params, organizationId, actor }) => ({
        data: await services.catalog.getEntity(organizationId, (params as { slug: string }).slug, {
          actor,
          include: ["attributes", "variants"],
        }),
      }))
      .build(),
});

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`drop schema if exists ${BENCH_AUTH_SCHEMA} cascade`);
  await admin.end();

  const kernel = await createKernel({
    logLevel: "silent",
    database: { url: databaseUrl, schema: BENCH_AUTH_SCHEMA, poolSize: 10 },
    http: { rateLimit: { max: 1_000_000_000 } },
    auth: {
      roles: { customer: { permissions: ["catalog:read"] } },
      apiKeyScopes: {
        storefront: { prefix: "uc_sf_", description: "Storefront reads", permissions: { catalog: ["read"] } },
      },
    },
    plugins: [auth({ signInRateLimit: false }), storefrontProduct],
  });
  const { catalog, auth: authService, apiKeys } = kernel.services;
  const { result: entity } = await catalog.createEntity(
    "default",
    {
      type: "product",
      slug: BENCH_SLUG,
      status: "active",
      metadata: {},
      attributes: { en: { title: "Organic shirt", description: "An organic shirt." } },
    },
    null,
  );
  await catalog.bulkVariants(
    "default",
    entity.id,
    {
      axes: [
        { name: "Size", values: ["S", "M", "L"] },
        { name: "Color", values: ["Black", "White", "Navy", "Olive"] },
      ],
    },
    null,
  );
  await authService.createUser({
    email: BENCH_EMAIL,
    password: BENCH_PASSWORD,
    role: "customer",
    organizationId: "default",
  });
  const key = await apiKeys.create({ organizationId: "default", scope: "storefront", name: "bench" });

  const app = await createCommerceServer(kernel);
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.send?.({
    port: (app.server.address() as { port: number }).port,
    apiKey: key.key,
    email: BENCH_EMAIL,
    password: BENCH_PASSWORD,
    slug: BENCH_SLUG,
  });
}

await main();
