import { defineConfig } from "@unified-commerce/core";
import { auth } from "@unified-commerce/auth";

/** The configuration the CLI tests spawn `uc` with: the database comes from the environment. */
export default defineConfig({
  database: process.env.UC_TEST_DATABASE_URL
    ? { url: process.env.UC_TEST_DATABASE_URL, schema: process.env.UC_TEST_SCHEMA ?? "public" }
    : { dataDir: process.env.UC_TEST_DATA_DIR ?? ".data" },
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
