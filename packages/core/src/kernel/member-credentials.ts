/** A member of an organization as the authentication plugin knows them. */
export interface MemberInfo {
  userId: string;
  role: string;
  /** What the role grants, as `auth.roles` configures it. */
  permissions: readonly string[];
}

import type { Actor } from "./actor.js";
import type { TxOptions } from "./transaction.js";

/** A user-bound API key just minted; `key` is shown this once and never stored. */
export interface MintedMemberKey {
  id: string;
  key: string;
  scope: string;
  expiresAt: Date | null;
}

/**
 * What the authentication plugin offers other plugins (`services.memberCredentials`, present when it is
 * installed): who is a member with which rights, and API keys that act for a member. `core` only
 * declares it, like `Authenticator`; a plugin that needs it fails its boot without it.
 */
export interface MemberCredentials {
  /** The user's membership of the organization; null for a non-member or an unknown user (the same answer). */
  member(organizationId: string, userId: string): Promise<MemberInfo | null>;
  /**
   * Mints an API key of a declared scope for a member: its actor carries `userId`, so refund caps, refunds
   * and the audit log name the member. Refused (403) when the member's role lacks a permission the scope
   * grants, and (422) outside the scope's `keyExpiration` bounds. The key's row and its audit entry
   * (`api-keys.create`, naming `actor`: who asked for the key; the system when absent) are written in
   * `options.trx` when given, so a mint inside a failed change leaves neither.
   *
   * The key acts only while its user stays a member of the organization whose role holds every
   * permission of the scope: removing or demoting the member (or deleting the user) ends it, within the
   * auth plugin's credential cache delay in other processes.
   */
  mintMemberKey(
    input: {
      organizationId: string;
      userId: string;
      scope: string;
      name?: string;
      expiresInSeconds?: number;
      actor?: Actor | null;
    },
    options?: TxOptions,
  ): Promise<MintedMemberKey>;
  /**
   * Revokes an API key of the organization at once (this process's credential cache too), with its audit
   * entry (`api-keys.revoke`, naming `options.actor`), in `options.trx` when given; false when no such active key.
   */
  revokeKey(organizationId: string, keyId: string, options?: TxOptions & { actor?: Actor | null }): Promise<boolean>;
}

// An optional service: declared here so a plugin can use it without importing the auth package.
declare module "./services.js" {
  interface Services {
    memberCredentials?: MemberCredentials;
  }
}
