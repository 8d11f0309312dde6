import Fastify, { type FastifyInstance } from "fastify";
import { commerceApi, createKernel, type CommerceConfig } from "@unified-commerce/core";

/**
 * Someone's own Fastify app that mounts the commerce API next to its own routes. The API is encapsulated:
 * its validation, errors and OpenAPI document stay under `/api`, and the host's routes are untouched.
 */
export async function buildApp(config: CommerceConfig): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get("/", async () => ({ service: "my-shop", commerce: "/api" }));

  const kernel = await createKernel(config);
  await app.register(commerceApi, { kernel, prefix: "/api" });
  app.addHook("onClose", () => kernel.close());
  return app;
}
