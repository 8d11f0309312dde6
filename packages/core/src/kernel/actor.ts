/**
 * Who is making a request. `core` defines the shape and checks permissions; the auth package (or a test
 * helper) produces actors from credentials. An actor always belongs to exactly one organization.
 */
export interface Actor {
  /** User id, API key id, or a synthetic id for system and test actors. */
  id: string;
  type: "user" | "apiKey" | "system";
  organizationId: string;
  /** Granted permissions: `module:action`, `module:action:scope`, `module:*` or `*:*`. */
  permissions: readonly string[];
  role?: string;
  /** For customers: the customer profile this actor acts as. */
  customerId?: string;
  email?: string;
  /**
   * The person accountable for what a credential that is not their own session does: for an API key
   * minted for a user (`uc api-key create --user`, a point-of-sale shift key), that user's id. `id` stays
   * the key's; refund caps, refunds, order timelines and the audit log name this user (`accountableActor`).
   */
  userId?: string;
}

/**
 * Who answers for an actor's acts: the user behind a user-bound API key, else the actor itself. Refund
 * caps are counted per accountable actor, so a till's shift keys charge the operator's cap, not the till's.
 */
export function accountableActor(actor: Actor): Pick<Actor, "id" | "type"> {
  return actor.userId ? { id: actor.userId, type: "user" } : { id: actor.id, type: actor.type };
}

/** Resolves the actor of a request. Returns null for anonymous; throws when the check could not run. */
export type ActorResolver = (request: {
  headers: Record<string, string | string[] | undefined>;
  method: string;
  url: string;
}) => Promise<Actor | null>;
