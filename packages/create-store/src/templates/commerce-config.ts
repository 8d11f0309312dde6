import type { StoreTemplate } from "../store-templates.js";

/** The store's commerce.config.ts: read by the server, the tests and `uc` alike. */
export function commerceConfig(template: StoreTemplate): string {
  const extraPermissions = (template.adminPermissions ?? []).map((permission) => `, "${permission}"`).join("");
  return `import { existsSync } from "node:fs";
import { defineConfig, manualAdapter } from "@unified-commerce/core";
import { auth } from "@unified-commerce/auth";
import { smtpMailerFromEnv } from "@unified-commerce/mail-smtp";
${template.pluginImport ? `${template.pluginImport}\n` : ""}import { greetingsPlugin } from "./src/plugins/greetings-plugin.js";

// The server and \`uc\` read the same environment: the process's own variables, then .env beside this file.
const envFile = new URL("./.env", import.meta.url);
if (existsSync(envFile)) process.loadEnvFile(envFile);

const publicUrl = process.env.PUBLIC_URL;
// SMTP_URL and MAIL_FROM: password-reset and verification mails, and invoices. Unset: none is sent.
const mailer = smtpMailerFromEnv(process.env);
const authOptions = {
  ...(publicUrl ? { baseUrl: publicUrl } : {}),
  ...(mailer ? { mailer } : {}),
  allowLogMailerInProduction: process.env.MAIL_LOG_IN_PRODUCTION === "true",
};

/**
 * The store. DATABASE_URL selects PostgreSQL; without it the store keeps an embedded PostgreSQL (PGlite)
 * in DATA_DIR. Every section is documented in the @unified-commerce/core README. In production
 * (NODE_ENV=production) it refuses to start without UC_SECRET_KEY, an https PUBLIC_URL (or
 * INSECURE_COOKIES=true) and SMTP_URL (or MAIL_LOG_IN_PRODUCTION=true): see .env.example.
 */
export default defineConfig({
  database: process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR ?? ".data" },
  http: { https: publicUrl?.startsWith("https://") ?? false, allowInsecureCookies: process.env.INSECURE_COOKIES === "true" },
  payments: { adapters: [manualAdapter()] },
  ...(mailer ? { mail: { mailer } } : {}),
  ...(process.env.JOBS_RUN_TOKEN ? { jobs: { runToken: process.env.JOBS_RUN_TOKEN } } : {}),
  ...(process.env.UC_SECRET_KEY ? { secretKey: process.env.UC_SECRET_KEY } : {}),
  auth: {
    roles: {
      owner: { permissions: ["*:*"] },
      admin: {
        permissions: [
          "catalog:*", "orders:*", "customers:*", "cart:*", "inventory:*", "media:*", "pricing:*", "promotions:*",
          "webhooks:manage", "audit:read", "jobs:admin", "settings:manage", "tax:manage", "api-keys:manage", "members:manage",
          "greetings:*"${extraPermissions},
        ],
      },
      staff: { permissions: ["catalog:read", "catalog:update", "orders:read", "orders:update", "inventory:read", "inventory:adjust", "greetings:read"] },
      customer: { permissions: ["catalog:read", "orders:read:own", "orders:create", "cart:create", "cart:read", "cart:update"] },
    },
    apiKeys: { enabled: true },
    apiKeyScopes: {
      admin: { prefix: "uc_admin_", description: "Full access, for your own automation", permissions: { "*": ["*"] } },
      storefront: {
        prefix: "uc_sf_",
        description: "What a public storefront needs: the catalog, stock, prices, carts and checkout",
        permissions: { catalog: ["read"], inventory: ["read"], media: ["read"], pricing: ["read"], promotions: ["read"], cart: ["create", "read", "update"], orders: ["create"] },
      },
    },
    trustedOrigins: publicUrl ? [new URL(publicUrl).origin] : [],
  },
  environment: process.env.NODE_ENV === "production" ? "production" : "development",
  plugins: [auth(authOptions), greetingsPlugin()${template.pluginCall ? `, ${template.pluginCall}` : ""}],
});
`;
}
