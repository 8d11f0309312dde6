import type { Actor, RoleMap } from "@unified-commerce/core";
import { permissionsOfRole } from "./auth-options.js";
import { authErrors } from "./auth-errors.js";
import { missingPermissions } from "./missing-permissions.js";

/**
 * Refuses to hand out a role that is not configured (422) or that grants anything `actor` lacks (403):
 * nobody promotes past themselves, whether by changing a member's role or by inviting someone.
 */
export function assertGrantableRole(roles: RoleMap, actor: Actor, role: string): void {
  if (!Object.hasOwn(roles, role)) throw authErrors.unknownRole(role, Object.keys(roles));
  const missing = missingPermissions(actor, permissionsOfRole(roles, role));
  if (missing.length > 0) throw authErrors.roleBeyondGrantor(role, missing);
}
