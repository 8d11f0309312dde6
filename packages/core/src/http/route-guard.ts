import type { FastifyRequest } from "fastify";
import { AppError } from "../kernel/app-error.js";
import { hasPermission } from "../kernel/permissions.js";
import type { Kernel } from "../kernel/create-kernel.js";
import type { RouteRegistration } from "./route-registration.js";

/**
 * Authentication and permission checks of a builder route, then the organization it acts on. Runs in the
 * onRequest hook, before the body is even parsed, so a caller without the right learns nothing about a
 * route's input and cannot make the server parse a large body.
 */
export function routeGuard(route: RouteRegistration, kernel: Kernel) {
  const storeResolver = kernel.config.auth?.storeResolver;
  const isStrict = kernel.config.auth?.strictOrgResolution === true;

  const applyResolved = (request: FastifyRequest, resolved: string | null): void => {
    if (resolved) {
      request.organizationId = resolved;
      return;
    }
    if (storeResolver && isStrict) {
      throw new AppError("SERVICE_UNAVAILABLE", { message: "The store for this request could not be resolved" });
    }
    request.organizationId = kernel.defaultOrganizationId;
  };

  // Synchronous unless the store resolver has to run, so most requests take no extra async hop.
  return (request: FastifyRequest): void | Promise<void> => {
    const { actor } = request;
    // A session route is about the person signed in: an API key is no one's session, whatever it may do.
    if (route.isSessionRequired && actor?.type !== "user")
      throw new AppError("UNAUTHORIZED", { message: "A signed-in session is required" });
    if (route.isAuthRequired && !actor) throw new AppError("UNAUTHORIZED");
    for (const permission of route.permissions) {
      if (!hasPermission(actor, permission)) {
        throw new AppError("FORBIDDEN", { message: `Missing permission ${permission}` });
      }
    }
    if (actor) {
      request.organizationId = actor.organizationId;
      return;
    }
    if (!storeResolver) return applyResolved(request, null);
    return storeResolver(request).then((resolved) => applyResolved(request, resolved));
  };
}
