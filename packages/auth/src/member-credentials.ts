import type { MemberCredentials, RoleMap } from "@unified-commerce/core";
import type { ApiKeyService } from "./api-key-service.js";
import { permissionsOfRole } from "./auth-options.js";
import type { UserStore } from "./user-store.js";

/**
 * `services.memberCredentials`: the core interface other plugins use (a point of sale's operators and shift
 * keys), over the user store and the API key service. A key is minted with the member as its creator, so
 * it never grants more than the member's role does, and as bound to the member (`userId`), so its actor
 * names them.
 */
export function createMemberCredentials(input: {
  users: UserStore;
  apiKeys: ApiKeyService;
  roles: RoleMap;
}): MemberCredentials {
  const { users, apiKeys, roles } = input;
  const member: MemberCredentials["member"] = async (organizationId, userId) => {
    const role = await users.roleIn(userId, organizationId);
    return role === null ? null : { userId, role, permissions: permissionsOfRole(roles, role) };
  };
  return {
    member,
    async mintMemberKey({ organizationId, userId, scope, name, expiresInSeconds, actor }, options) {
      const found = await member(organizationId, userId);
      const creator = { id: userId, type: "user" as const, organizationId, permissions: found?.permissions ?? [] };
      const created = await apiKeys.create(
        {
          organizationId,
          scope,
          userId,
          creator,
          actor: actor ?? null,
          ...(name ? { name } : {}),
          ...(expiresInSeconds ? { expiresInSeconds } : {}),
        },
        options,
      );
      return { id: created.id, key: created.key, scope: created.scope, expiresAt: created.expiresAt };
    },
    revokeKey: (organizationId, keyId, options) => apiKeys.revoke(organizationId, keyId, options),
  };
}
