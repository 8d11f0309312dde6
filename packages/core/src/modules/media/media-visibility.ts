import type { Actor } from "../../kernel/actor.js";
import { hasPermission } from "../../kernel/permissions.js";

/**
 * The attachment role that marks a file as what a buyer downloads (an e-book's PDF, a video). Such
 * files are reached only through `GET /api/me/orders/:id/downloads` (a paid order's signed link) or by
 * staff: never a public role, whatever `media.publicRoles` says.
 */
export const DOWNLOAD_ROLE = "download";

/** Roles whose assets a storefront shows: pictures and videos of a product. */
export const DEFAULT_PUBLIC_MEDIA_ROLES: readonly string[] = [
  "image",
  "gallery",
  "hero",
  "thumbnail",
  "swatch",
  "video",
];

/**
 * Whether `actor` reads every asset of its organization: whoever may upload, attach and delete media
 * (`media:write`) may see what it manages. Others (a storefront key, a customer, an anonymous caller)
 * read only public assets.
 */
export const canReadPrivateMedia = (actor: Actor | null): boolean => hasPermission(actor, "media:write");

/** The configured public roles, without the download role (a paid file must never become public). */
export function publicRolesOf(configured: readonly string[] | undefined): ReadonlySet<string> {
  return new Set((configured ?? DEFAULT_PUBLIC_MEDIA_ROLES).filter((role) => role !== DOWNLOAD_ROLE));
}
