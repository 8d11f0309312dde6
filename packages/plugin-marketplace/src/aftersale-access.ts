import type { Kysely } from "kysely";
import { AppError, hasPermission, sessionCustomerOf, type Actor, type CoreTables } from "@unified-commerce/plugin-sdk";
import { vendorIdOfActor } from "./vendor-members.js";

/** Who may act on a sub-order's aftersale (disputes, returns): staff, its buyer, or its vendor. */
export type AftersaleParty = "staff" | "buyer" | "vendor";

/**
 * The parties `actor` is among, for a sub-order of `vendorId` bought by `customerId`: staff by
 * `marketplace:manage`, the buyer by its signed-in session (the customer its orders name: core's
 * `sessionCustomerOf`, as `/api/me` reads it; never an API key), the vendor by `marketplace:vendor` and
 * membership (or a vendor key).
 */
export async function partiesOf(
  db: Kysely<CoreTables>,
  actor: Actor,
  record: { vendorId: string; customerId: string | null },
): Promise<Set<AftersaleParty>> {
  const parties = new Set<AftersaleParty>();
  if (hasPermission(actor, "marketplace:manage")) parties.add("staff");
  const customerId = sessionCustomerOf(actor);
  if (customerId !== null && record.customerId !== null && customerId === record.customerId) parties.add("buyer");
  if (hasPermission(actor, "marketplace:vendor")) {
    const vendorId = await vendorIdOfActor(db, actor).catch(() => null);
    if (vendorId === record.vendorId) parties.add("vendor");
  }
  return parties;
}

/**
 * Refuses an actor who is none of `allowed`: 404 when it is no party at all (a stranger learns nothing
 * of the record), 403 when it is a party that may not make this move (a buyer resolving its own dispute).
 */
export function assertParty(
  parties: ReadonlySet<AftersaleParty>,
  allowed: readonly AftersaleParty[],
  what: string,
): void {
  if (allowed.some((party) => parties.has(party))) return;
  if (parties.size === 0) throw AppError.notFound(what);
  throw AppError.forbidden(`Only ${allowed.join(" or ")} may do this`);
}
