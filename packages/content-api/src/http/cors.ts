import type { FastifyInstance } from "fastify";

/** Methods the service accepts (HEAD is a body-less GET, served by Fastify for every GET route). */
export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

/**
 * CORS open to any origin: the data is public and read-only, and no credentials are involved. Every
 * response carries `Access-Control-Allow-Origin: *`; `OPTIONS` on any path answers the preflight.
 */
export function registerCors(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook("onRequest", (_request, reply, done) => {
    reply.header("access-control-allow-origin", "*").header("access-control-expose-headers", "ETag, Allow, Link");
    done();
  });
  app.options("*", async (request, reply) => {
    const requested = request.headers["access-control-request-headers"];
    return reply
      .code(204)
      .header("allow", ALLOWED_METHODS)
      .header("access-control-allow-methods", ALLOWED_METHODS)
      .header("access-control-allow-headers", requested ?? "*")
      .header("access-control-max-age", "86400")
      .header("cache-control", "public, max-age=86400")
      .send();
  });
}
