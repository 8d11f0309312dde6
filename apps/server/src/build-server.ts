import type { FastifyInstance } from "fastify";
import { adminApp, type AdminAppOptions } from "@unified-commerce/admin/server";
import { createCommerceServer, createKernel, type CommerceConfig, type Kernel } from "@unified-commerce/core";

/** What the reference server adds next to the API. */
export interface ServeOptions {
  /** The admin app at `/admin` (false: none). @default {} (the package's built app) */
  admin?: AdminAppOptions | false;
}

/**
 * The production wiring: the kernel and the HTTP server, with no test conveniences (the `x-test-actor`
 * header means nothing here). Built, not started, so tests can `inject()` into exactly what runs.
 */
export async function buildServer(config: CommerceConfig, options: ServeOptions = {}): Promise<FastifyInstance> {
  return serveKernel(await createKernel(config), options);
}

/** The HTTP server of a booted kernel; closing the server closes the kernel. */
export function serveKernel(kernel: Kernel, { admin = {} }: ServeOptions = {}): Promise<FastifyInstance> {
  return createCommerceServer(kernel, {
    // While closing, a request that arrives on a kept-alive connection is served rather than answered
    // 503: the load balancer has been told by readiness to stop, and what still reaches us is answered.
    // New connections are refused as soon as closing starts.
    fastify: { return503OnClosing: false },
    ...(admin ? { register: (app: FastifyInstance) => registerAdmin(app, admin) } : {}),
  });
}

/**
 * The admin app, and the invitation link the auth plugin mails (`<PUBLIC_URL>/accept-invitation?token=…`)
 * sent on to the admin's page for it, query string kept.
 */
async function registerAdmin(app: FastifyInstance, options: AdminAppOptions): Promise<void> {
  const prefix = (options.prefix ?? "/admin").replace(/\/+$/, "");
  await app.register(adminApp(options));
  app.get("/accept-invitation", async (request, reply) => {
    const query = request.url.indexOf("?");
    return reply.redirect(`${prefix}/accept-invitation${query === -1 ? "" : request.url.slice(query)}`, 302);
  });
}
