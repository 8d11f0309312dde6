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
}

/** Resolves the actor of a request. Returns null for anonymous; throws when the check could not run. */
export type ActorResolver = (request: {
  headers: Record<string, string | string[] | undefined>;
  method: string;
  url: string;
}) => Promise<Actor | null>;
