import type { AuthConfig, Plugin } from "@unified-commerce/core";
import { createPluginTestApp, type CreateTestAppOptions, type TestApp } from "@unified-commerce/core/testing";

/** Cheap argon2id for tests only; the auth plugin's default stays OWASP. */
const TEST_HASHING = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/**
 * The auth package, loaded by name at run time: auth is built on plugin-sdk (it augments this package's
 * registries, as plugins do), so plugin-sdk cannot depend on it. A plugin's tests that use this helper
 * need `@unified-commerce/auth` installed beside plugin-sdk (a devDependency of the plugin or the app).
 */
const AUTH_PACKAGE: string = "@unified-commerce/auth";
type AuthFactory = (options: { passwordHashing: typeof TEST_HASHING; signInRateLimit: false }) => Plugin;

export interface AuthPluginTestOptions extends CreateTestAppOptions {
  /** The `auth` section: roles, API key scopes (the plugin's own `apiKeyScopes` are merged in by the kernel). */
  authConfig: AuthConfig;
}

export interface AuthPluginTestApp extends TestApp {
  /** Creates a user with a role in an organization (as `uc user create` does); answers the user's id. */
  addMember(input: { email: string; role: string; organizationId?: string; password?: string }): Promise<string>;
}

interface AuthServices {
  organizations: { create(input: { id: string; name: string }): Promise<unknown> };
  auth: {
    createUser(input: {
      email: string;
      password: string;
      role: string;
      organizationId: string;
    }): Promise<{ id: string }>;
  };
}

/**
 * `createPluginTestApp` with the real auth plugin before yours: sessions, members and API keys work as in
 * the server (`x-api-key` goes through the real authenticator; the `x-test-actor` header still wins), and
 * `services.memberCredentials` is there. For plugins whose routes mint or check real credentials.
 */
export async function createPluginTestAppWithAuth(
  plugin: Plugin,
  options: AuthPluginTestOptions,
): Promise<AuthPluginTestApp> {
  const { authConfig, config = {}, ...rest } = options;
  const { auth } = (await import(AUTH_PACKAGE)) as { auth: AuthFactory };
  const t = await createPluginTestApp(plugin, {
    ...rest,
    config: {
      ...config,
      auth: { apiKeys: { enabled: true }, ...authConfig },
      plugins: [auth({ passwordHashing: TEST_HASHING, signInRateLimit: false }), ...(config.plugins ?? [])],
    },
  });
  const services = t.kernel.services as unknown as AuthServices;
  const organizations = new Set<string>();
  return {
    ...t,
    async addMember({ email, role, organizationId = "default", password = "correct horse battery" }) {
      if (organizationId !== "default" && !organizations.has(organizationId)) {
        await services.organizations.create({ id: organizationId, name: organizationId });
        organizations.add(organizationId);
      }
      const user = await services.auth.createUser({ email, password, role, organizationId });
      return user.id;
    },
  };
}
