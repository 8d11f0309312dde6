import Fastify, { type FastifyInstance } from "fastify";
import { adminApp } from "@unified-commerce/admin/server";
import {
  commerceApi,
  commerceClientErrorHandler,
  commerceFrameworkErrors,
  createKernel,
  type CommerceConfig,
} from "@unified-commerce/core";

/**
 * Someone's own Fastify app that mounts the commerce API next to its own routes. The API is encapsulated:
 * its validation, errors and OpenAPI document stay under `/api`, and the host's routes are untouched.
 * Only what Fastify refuses before routing (a URL that does not decode, an over-long path parameter, a
 * request Node cannot parse) is server-wide: the two options below answer it in the API's envelope.
 */
export async function buildApp(config: CommerceConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    frameworkErrors: commerceFrameworkErrors,
    clientErrorHandler: commerceClientErrorHandler,
  });
  app.get("/", async () => ({ service: "my-shop", commerce: "/api" }));

  const kernel = await createKernel(config);
  await app.register(commerceApi, { kernel, prefix: "/api" });
  // The merchant's admin at /admin (the built app of @unified-commerce/admin; it signs in against /api on
  // this origin, so add this origin to `auth.trustedOrigins`). `adminApp({ prefix, apiBaseUrl })` moves it.
  await app.register(adminApp());
  app.addHook("onClose", () => kernel.close());
  return app;
}
