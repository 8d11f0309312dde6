import { useCallback } from "react";
import { hasPermission } from "./permissions.js";
import { useSession } from "./session.js";

/** What {@link usePermissions} answers. */
export interface Permissions {
  /** The member's permissions in the active organization (empty while loading or signed out). */
  permissions: readonly string[];
  /** Whether the member may do `permission` (`"catalog:delete"`); wildcards are honoured. */
  can: (permission: string) => boolean;
  isLoading: boolean;
}

const NONE: readonly string[] = [];

/** The signed-in member's permissions, from get-session. The server still refuses what this hides. */
export function usePermissions(): Permissions {
  const session = useSession();
  const permissions = session.data?.permissions ?? NONE;
  const can = useCallback((permission: string) => hasPermission(permissions, permission), [permissions]);
  return { permissions, can, isLoading: session.isLoading };
}
