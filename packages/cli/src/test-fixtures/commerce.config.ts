import { defineConfig, type CommerceConfig } from "@unified-commerce/core";
import { auth } from "@unified-commerce/auth";

/**
 * The configuration the CLI tests run `uc` with, the database taken from `env`: a spawned `uc` imports the
 * file (its default export reads the process's environment), an in-process run builds it per test file.
 */
export function fixtureConfigFor(env: NodeJS.ProcessEnv): CommerceConfig {
  return defineConfig({
    database: env.UC_TEST_DATABASE_URL ? { url: env.UC_TEST_DATABASE_URL, schema: env.UC_TEST_SCHEMA ?? "public" } : { dataDir: env.UC_TEST_DATA_DIR ?? ".data" },
    auth: {
      roles: { owner: { permissions: ["*:*"] }, staff: { permissions: ["catalog:read"] }, customer: { permissions: ["catalog:read", "orders:create"] } },
      apiKeyScopes: {
        admin: { prefix: "uc_admin_", description: "Everything", permissions: { "*": ["*"] } },
        storefront: { prefix: "uc_sf_", description: "Storefront", permissions: { catalog: ["read"] }, keyExpiration: { maxExpiresIn: 30 } },
      },
    },
    environment: "test",
    plugins: [auth({ passwordHashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 } })],
  });
}

export default fixtureConfigFor(process.env);
