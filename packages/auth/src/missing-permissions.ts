import { hasPermission, type Actor } from "@unified-commerce/core";

/**
 * The permissions of `granted` that `holder` does not hold itself. Whoever hands out rights (an API key
 * of a scope, a role to a member) may only hand out rights they have: an empty answer means they may.
 * Wildcards are compared as permissions too: granting `catalog:*` needs `catalog:*` or `*:*`, not
 * `catalog:read`.
 */
export function missingPermissions(holder: Pick<Actor, "permissions">, granted: readonly string[]): string[] {
  return granted.filter((permission) => !hasPermission(holder, permission));
}
