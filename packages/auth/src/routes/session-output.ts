import type { SessionInfo } from "../session-store.js";

/** A session as answered: everything but the owner id (the caller is the owner). */
export function toSessionOutput(session: SessionInfo) {
  return {
    id: session.id,
    organizationId: session.organizationId,
    expiresAt: session.expiresAt,
    createdAt: session.createdAt,
    ipAddress: session.ipAddress,
    userAgent: session.userAgent,
  };
}
