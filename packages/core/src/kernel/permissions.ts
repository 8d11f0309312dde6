import type { Actor } from "./actor.js";

/**
 * Whether `granted` covers `required`. Permissions are `module:action` or `module:action:scope`.
 * `*:*` grants everything, `module:*` (or `*:action`) every matching action, scoped ones included.
 * Otherwise action and scope must match exactly: `catalog:read` does not grant `catalog:read:unpublished`,
 * because some scopes widen access. Routes that accept a narrower scope as an alternative
 * (`orders:read` or `orders:read:own`) check both.
 */
export function permissionCovers(granted: string, required: string): boolean {
  if (granted === "*:*" || granted === required) return true;
  const [grantedModule, grantedAction, grantedScope] = granted.split(":");
  const [requiredModule, requiredAction, requiredScope] = required.split(":");
  if (grantedModule !== "*" && grantedModule !== requiredModule) return false;
  if (grantedAction === "*") return true;
  return grantedAction === requiredAction && grantedScope === requiredScope;
}

export function hasPermission(actor: Pick<Actor, "permissions"> | null | undefined, required: string): boolean {
  if (!actor) return false;
  return actor.permissions.some((granted) => permissionCovers(granted, required));
}

const PERMISSION_PATTERN = /^(\*|[a-z][a-z0-9-]*):(\*|[a-z][a-zA-Z0-9-]*)(:[a-z][a-zA-Z0-9-]*)?$/;

export function isPermissionString(value: string): boolean {
  return PERMISSION_PATTERN.test(value);
}
