import type { FastifyRequest } from "fastify";
import type { Actor } from "./actor.js";

/** Runs after the actor is resolved, for every API request that is not public; throws an AppError to refuse. */
export type RequestGuard = (request: FastifyRequest, actor: Actor | null) => Promise<void> | void;

/**
 * How requests become actors. The auth package contributes one through its manifest; `core` only calls it.
 * `resolveActor` returns null for anonymous and throws when the check could not run: the server answers
 * that with 500 and never downgrades it to anonymous.
 */
export interface Authenticator {
  resolveActor(request: FastifyRequest): Promise<Actor | null>;
  /** Checks that need the actor and apply to every route (origin checks, required two-factor). */
  guards?: readonly RequestGuard[];
}
