import type { FastifyRequest } from "fastify";
import type { Actor } from "../kernel/actor.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The resolved actor, null when anonymous. Set for every commerce API request. */
    actor: Actor | null;
    /** The organization the request acts on; set before a builder route's handler runs. */
    organizationId: string;
  }
  interface FastifyContextConfig {
    /** Routes that must answer without resolving an actor (health, documentation). */
    isPublic?: boolean;
    /** Authentication, permission and organization checks of a builder route. */
    routeGuard?: (request: FastifyRequest) => void | Promise<void>;
  }
}

export {};
