import type { ReactNode } from "react";
import { usePermissions } from "./use-permissions.js";

/** Props of {@link Can}. */
export interface CanProps {
  /** The permission needed, e.g. `"catalog:delete"`. */
  permission: string;
  /**
   * What to show when allowed; a function receives whether it is allowed, to disable rather than hide:
   * `{(allowed) => <Button disabled={!allowed}>Delete</Button>}`.
   */
  children: ReactNode | ((allowed: boolean) => ReactNode);
  /** Shown instead when not allowed (children as a function ignore it). @default null */
  fallback?: ReactNode;
}

/** Renders its children only for members who hold `permission` (the server still checks). */
export function Can({ permission, children, fallback = null }: CanProps) {
  const { can } = usePermissions();
  const allowed = can(permission);
  if (typeof children === "function") return <>{children(allowed)}</>;
  return <>{allowed ? children : fallback}</>;
}
