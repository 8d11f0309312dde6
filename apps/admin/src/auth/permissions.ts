/**
 * Whether `granted` covers `required`, exactly as the server decides (core's `permissionCovers` in
 * packages/core/src/kernel/permissions.ts; the browser cannot import core). `*:*` grants everything,
 * `module:*` every action of a module; otherwise action and scope must match.
 */
export function permissionCovers(granted: string, required: string): boolean {
  if (granted === "*:*" || granted === required) return true;
  const [grantedModule, grantedAction, grantedScope] = granted.split(":");
  const [requiredModule, requiredAction, requiredScope] = required.split(":");
  if (grantedModule !== "*" && grantedModule !== requiredModule) return false;
  if (grantedAction === "*") return true;
  return grantedAction === requiredAction && grantedScope === requiredScope;
}

export function hasPermission(granted: readonly string[], required: string): boolean {
  return granted.some((permission) => permissionCovers(permission, required));
}
