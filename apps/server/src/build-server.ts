import type { FastifyInstance } from "fastify";
import { createCommerceServer, createKernel, type CommerceConfig } from "@unified-commerce/core";

/**
 * The production wiring: the kernel and the HTTP server, with no test conveniences (the `x-test-actor`
 * header means nothing here). Built, not started, so tests can `inject()` into exactly what runs.
 */
export async function buildServer(config: CommerceConfig): Promise<FastifyInstance> {
  const kernel = await createKernel(config);
  return createCommerceServer(kernel);
}
