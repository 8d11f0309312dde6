import { z } from "zod";
import type { Actor } from "../kernel/actor.js";

/** Header carrying a test actor. Only apps built by the test helpers read it. */
export const TEST_ACTOR_HEADER = "x-test-actor";

export const TEST_ORGANIZATION_ID = "default";

export interface CreateTestActorOptions {
  permissions: readonly string[];
  role?: string;
  id?: string;
  organizationId?: string;
  customerId?: string;
  type?: Actor["type"];
}

export function createTestActor(options: CreateTestActorOptions): Actor {
  return {
    id: options.id ?? `test-${options.role ?? "actor"}`,
    type: options.type ?? "user",
    organizationId: options.organizationId ?? TEST_ORGANIZATION_ID,
    permissions: [...options.permissions],
    ...(options.role ? { role: options.role } : {}),
    ...(options.customerId ? { customerId: options.customerId } : {}),
  };
}

/** Everything (`*:*`). */
export const testAdminActor: Actor = createTestActor({ id: "test-admin", role: "admin", permissions: ["*:*"] });

/** A store employee: runs the catalog, stock and orders, no administration. */
export const testStaffActor: Actor = createTestActor({
  id: "test-staff",
  role: "staff",
  permissions: [
    "catalog:create",
    "catalog:read",
    "catalog:update",
    "catalog:read:unpublished",
    "orders:read",
    "orders:update",
    "orders:create",
    "inventory:read",
    "inventory:adjust",
    "media:read",
    "media:write",
    "pricing:read",
    "promotions:read",
    "customers:read",
    "cart:create",
    "cart:read",
    "cart:update",
  ],
});

/** A shopper: own profile, own orders, own cart. */
export const testCustomerActor: Actor = createTestActor({
  id: "test-customer",
  role: "customer",
  customerId: "test-customer",
  permissions: [
    "customers:read:self",
    "customers:update:self",
    "orders:read:own",
    "cart:create",
    "cart:read",
    "cart:update",
    "catalog:read",
  ],
});

/** Signed in, but allowed nothing. */
export const testNoPermActor: Actor = createTestActor({ id: "test-noperm", role: "none", permissions: [] });

/** Headers for a JSON request, carrying `actor` in the test header when given. */
export function jsonHeaders(actor?: Actor): Record<string, string> {
  return {
    "content-type": "application/json",
    ...(actor ? { [TEST_ACTOR_HEADER]: JSON.stringify(actor) } : {}),
  };
}

const actorSchema = z.object({
  id: z.string().min(1),
  type: z.enum(["user", "apiKey", "system"]),
  organizationId: z.string().min(1),
  permissions: z.array(z.string()),
  role: z.string().optional(),
  customerId: z.string().optional(),
  email: z.string().optional(),
});

/** Reads the test header. A malformed header is a broken test, so it throws rather than going anonymous. */
export function readTestActor(headers: Record<string, string | string[] | undefined>): Actor | null {
  const raw = headers[TEST_ACTOR_HEADER];
  if (raw === undefined) return null;
  return actorSchema.parse(JSON.parse(Array.isArray(raw) ? (raw[0] ?? "") : raw)) as Actor;
}
