import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Kernel } from "../kernel/create-kernel.js";
import { AppError } from "../kernel/app-error.js";
import { commerceApi, type CommerceApiOptions } from "./commerce-api.js";
import { errorBody } from "./error-response.js";
import { commerceClientErrorHandler, commerceFrameworkErrors } from "./framework-errors.js";
import { markBindsRequestId, runInRequestContext } from "../kernel/request-log-context.js";
import { registerMetrics } from "./metrics-route.js";
import { createRequestIdGenerator } from "./request-id.js";

export interface CreateServerOptions extends Omit<CommerceApiOptions, "kernel"> {
  /** Extra Fastify options (logger, trustProxy...). */
  fastify?: FastifyServerOptions;
  /** Close the kernel (database) when the server closes. @default true */
  closeKernel?: boolean;
  /**
   * Registers the host's own plugins and routes next to the API, before the server is made ready (after
   * that Fastify takes no more). The reference server mounts the admin app this way.
   */
  register?: (app: FastifyInstance) => Promise<void>;
}

/**
 * A Fastify server with the commerce API mounted at `/api`. It is built, not started: call `listen()`
 * (the reference server does) or `inject()` (tests do).
 */
export async function createCommerceServer(
  kernel: Kernel,
  options: CreateServerOptions = {},
): Promise<FastifyInstance> {
  const { fastify, closeKernel = true, register, ...apiOptions } = options;
  const app = Fastify({
    // A silent logger still costs a child logger per request; no logger at all costs nothing.
    ...(kernel.logger.level === "silent" ? { logger: false } : { loggerInstance: kernel.logger }),
    // Request ids are ours, never the client's, so every one is unique.
    genReqId: createRequestIdGenerator(),
    // `request.log` binds the id itself; the kernel logger's mixin adds it to every other line.
    childLoggerFactory: (logger, bindings, options) => markBindsRequestId(logger.child(bindings, options)),
    requestIdHeader: false,
    bodyLimit: kernel.config.http?.bodyLimit ?? 1_048_576,
    trustProxy: kernel.config.http?.trustProxy ?? false,
    // What the router and Node's HTTP parser refuse before any route runs answers in the envelope too.
    frameworkErrors: commerceFrameworkErrors,
    clientErrorHandler: commerceClientErrorHandler,
    ...fastify,
  });
  app.setNotFoundHandler((request, reply) => {
    reply.header("x-request-id", request.id);
    return reply
      .status(404)
      .send(
        errorBody(
          new AppError("NOT_FOUND", { message: `Route ${request.method} ${request.url.split("?")[0]} not found` }),
          request.id,
        ),
      );
  });
  // Everything that runs for a request (hooks, handler, services, after-commit work) sees its id.
  app.addHook("onRequest", (request, _reply, done) => runInRequestContext(request.id, done));
  registerMetrics(app, kernel);
  await app.register(commerceApi, { ...apiOptions, kernel, prefix: "/api" });
  if (register) await register(app);
  if (closeKernel) app.addHook("onClose", () => kernel.close());
  await app.ready();
  return app;
}
