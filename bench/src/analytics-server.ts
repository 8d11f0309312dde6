/**
 * The commerce server on the schema `analytics-seed.ts` made, for the analytics benchmark: a staff API
 * key with `analytics:read`, resolved in memory.
 */
import { createCommerceServer, createKernel, type Actor } from "@unified-commerce/core";
import { ANALYTICS_SCHEMA, benchDatabaseUrl } from "./analytics-seed.js";

const analyst: Actor = {
  id: "bench-analyst",
  type: "apiKey",
  organizationId: "default",
  permissions: ["analytics:read"],
};

const kernel = await createKernel({
  logLevel: "silent",
  database: { url: benchDatabaseUrl(), schema: ANALYTICS_SCHEMA, poolSize: 4 },
  http: { rateLimit: false },
});
const app = await createCommerceServer(kernel, {
  resolveActor: async (request) => (request.headers["x-api-key"] === "bench" ? analyst : null),
});
await app.listen({ port: 0, host: "127.0.0.1" });
process.send?.({ port: (app.server.address() as { port: number }).port });
