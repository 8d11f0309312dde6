import { cardAdapter, defineConfig, manualAdapter, type AuthConfig, type PaymentAdapter } from "@unified-commerce/core";
import { auth } from "@unified-commerce/auth";
import { smtpMailerFromEnv } from "@unified-commerce/mail-smtp";
import { s3MediaStorageFromEnv } from "@unified-commerce/media-s3";
import { agenticCheckout } from "@unified-commerce/plugin-agentic-checkout";
import { channelConnector } from "@unified-commerce/plugin-channel-connector";
import { layaway } from "@unified-commerce/plugin-layaway";
import { marketplace } from "@unified-commerce/plugin-marketplace";
import { pos } from "@unified-commerce/plugin-pos";

const list = (value: string | undefined): string[] =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

const publicUrl = process.env.PUBLIC_URL;
const isProduction = process.env.NODE_ENV === "production";
/**
 * Browser origins that may use cookie sessions: the public URL's, TRUSTED_ORIGINS, and in development this
 * server's own address (so the admin at http://127.0.0.1:PORT/admin signs in with no set-up).
 */
const port = process.env.PORT ?? "3000";
const trustedOrigins = [
  ...(publicUrl ? [new URL(publicUrl).origin] : []),
  ...(isProduction ? [] : [`http://127.0.0.1:${port}`, `http://localhost:${port}`]),
  ...list(process.env.TRUSTED_ORIGINS),
];
/**
 * Browser apps on other origins (an admin or a storefront hosted apart): CORS_ORIGINS, plus every
 * TRUSTED_ORIGINS entry (an origin trusted with cookie sessions must be able to read the answers too).
 */
const corsOrigins = [...new Set([...list(process.env.CORS_ORIGINS), ...list(process.env.TRUSTED_ORIGINS)])];
const s3Storage = s3MediaStorageFromEnv(process.env);
/**
 * SMTP_URL (smtp://user:password@host:port, smtps:// for TLS from the first byte) and MAIL_FROM: invoices
 * and the auth plugin's reset and verification mails. Unset: nothing is sent (the log says a mail was
 * due, never its link), which production refuses unless MAIL_LOG_IN_PRODUCTION=true.
 */
const mailer = smtpMailerFromEnv(process.env);

/** Social providers configured through the environment (`GITHUB_CLIENT_ID`/`GITHUB_CLIENT_SECRET`, same for GOOGLE). */
const socialProviders: NonNullable<AuthConfig["socialProviders"]> = {};
for (const provider of ["github", "google"]) {
  const clientId = process.env[`${provider.toUpperCase()}_CLIENT_ID`];
  const clientSecret = process.env[`${provider.toUpperCase()}_CLIENT_SECRET`];
  if (clientId && clientSecret) socialProviders[provider] = { clientId, clientSecret };
}

/**
 * Manual payments always; card payments through a Stripe-compatible gateway once `CARD_API_KEY` and
 * `CARD_WEBHOOK_SECRETS` (comma list: the old and the new secret while rotating) are set.
 */
const cardApiKey = process.env.CARD_API_KEY;
const cardWebhookSecrets = list(process.env.CARD_WEBHOOK_SECRETS);
const paymentAdapters: PaymentAdapter[] = [
  manualAdapter(),
  ...(cardApiKey && cardWebhookSecrets.length > 0
    ? [
        cardAdapter({
          apiKey: cardApiKey,
          webhookSecrets: cardWebhookSecrets,
          ...(process.env.CARD_API_BASE_URL ? { apiBaseUrl: process.env.CARD_API_BASE_URL } : {}),
        }),
      ]
    : []),
];

/**
 * Configuration of the reference server. Everything comes from the environment so one build runs
 * anywhere: `DATABASE_URL` (unset: embedded PGlite in `DATA_DIR`), `DATABASE_PREPARED_STATEMENTS=false`
 * (behind a pooler that cannot keep them), `REDIS_URL` (shared rate limits),
 * `PUBLIC_URL`, `TRUSTED_ORIGINS` (comma list of browser origins allowed to use cookie sessions),
 * `TWO_FACTOR_REQUIRED_ROLES` (comma list), `SESSION_DURATION` (seconds), `OUTBOUND_ALLOW_PRIVATE_TARGETS` (alias `WEBHOOKS_ALLOW_PRIVATE_TARGETS`),
 * `CARD_API_KEY`, `CARD_WEBHOOK_SECRETS`, `CARD_API_BASE_URL`, `ACP_WEBHOOK_URL`, `ACP_WEBHOOK_SECRET`,
 * `SMTP_URL`, `MAIL_FROM`, `JOBS_RUN_TOKEN`. Production (`NODE_ENV=production`) refuses to boot without
 * `UC_SECRET_KEY`, an https `PUBLIC_URL` (or `INSECURE_COOKIES=true`) and `SMTP_URL` (or
 * `MAIL_LOG_IN_PRODUCTION=true`), each with a one-line error naming the variable.
 */
export default defineConfig({
  database: {
    ...(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {}),
    ...(process.env.DATABASE_SCHEMA ? { schema: process.env.DATABASE_SCHEMA } : {}),
    ...(process.env.DATABASE_POOL_SIZE ? { poolSize: Number(process.env.DATABASE_POOL_SIZE) } : {}),
    ...(process.env.DATABASE_PREPARED_STATEMENTS === "false" ? { preparedStatements: false } : {}),
    dataDir: process.env.DATA_DIR ?? ".data",
  },
  http: {
    rateLimit: {
      max: Number(process.env.RATE_LIMIT_MAX ?? 300),
      windowMs: Number(process.env.RATE_LIMIT_WINDOW_MS ?? 60_000),
      ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
    },
    https: publicUrl?.startsWith("https://") ?? false,
    // Production refuses session cookies without Secure unless this says it knowingly.
    allowInsecureCookies: process.env.INSECURE_COOKIES === "true",
    trustProxy: process.env.TRUST_PROXY === "true",
    ...(corsOrigins.length > 0 ? { cors: { origins: corsOrigins } } : {}),
  },
  // JOBS_AUTORUN=true runs jobs inside this process (one process serving everything); in a fleet, API
  // processes leave it off and `pnpm worker` processes run the jobs (they turn it on themselves).
  jobs: {
    autorun: {
      enabled: process.env.JOBS_AUTORUN === "true",
      ...(process.env.JOBS_CONCURRENCY ? { concurrency: Number(process.env.JOBS_CONCURRENCY) } : {}),
      ...(process.env.JOBS_QUEUE ? { queue: process.env.JOBS_QUEUE } : {}),
    },
    // A cron's GET /api/jobs/run runs every store's jobs: in production only with this operator token in
    // the x-jobs-token header (no API key suffices); unset, the route is closed in production.
    ...(process.env.JOBS_RUN_TOKEN ? { runToken: process.env.JOBS_RUN_TOKEN } : {}),
  },
  // Prometheus metrics at METRICS_PATH (default /metrics; "off" for none) of the API port and of a
  // worker's health port; METRICS_TOKEN makes scrapers send `Authorization: Bearer <token>`. In
  // production the route exists only with a token.
  metrics: {
    path: process.env.METRICS_PATH === "off" ? false : (process.env.METRICS_PATH ?? "/metrics"),
    ...(process.env.METRICS_TOKEN ? { token: process.env.METRICS_TOKEN } : {}),
  },
  // PostgreSQL full-text search over the catalog (also on the embedded database); SEARCH_ADAPTER=none
  // falls back to scanning the catalog.
  search: process.env.SEARCH_ADAPTER === "none" ? {} : { adapter: "postgres" },
  // S3_BUCKET set: media in that S3-compatible bucket (S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
  // S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, S3_KEY_PREFIX), signed URLs presigned by the store;
  // otherwise files on local disk in MEDIA_DIR, which only one machine sees.
  media: {
    ...(s3Storage ? { storage: s3Storage } : {}),
    directory: process.env.MEDIA_DIR ?? `${process.env.DATA_DIR ?? ".data"}/media`,
    ...(process.env.MEDIA_SIGNING_SECRET ? { signingSecret: process.env.MEDIA_SIGNING_SECRET } : {}),
  },
  // Every outbound call (webhooks, payment gateway, channels, OAuth profiles) reaches global unicast
  // addresses only in production (loopback too elsewhere); `true` lets them reach systems inside the
  // network. `WEBHOOKS_ALLOW_PRIVATE_TARGETS` is the variable's older name, still read.
  outbound: {
    targets: {
      allowPrivate:
        (process.env.OUTBOUND_ALLOW_PRIVATE_TARGETS ?? process.env.WEBHOOKS_ALLOW_PRIVATE_TARGETS) === "true",
    },
  },
  payments: { adapters: paymentAdapters },
  ...(mailer ? { mail: { mailer } } : {}),
  auth: {
    roles: {
      owner: { permissions: ["*:*"] },
      admin: {
        permissions: [
          "catalog:*",
          "orders:*",
          "customers:*",
          "cart:*",
          "inventory:*",
          "media:*",
          "pricing:*",
          "promotions:*",
          "webhooks:manage",
          "audit:read",
          "jobs:admin",
          "settings:manage",
          "tax:manage",
          "shipping:*",
          "analytics:read",
          "api-keys:manage",
          "members:manage",
          "pos:*",
          "layaway:*",
          "marketplace:*",
          "channels:manage",
          "acp:checkout",
        ],
      },
      staff: {
        permissions: [
          "catalog:create",
          "catalog:read",
          "catalog:update",
          "catalog:read:unpublished",
          "orders:read",
          "orders:update",
          "orders:create",
          "orders:create:on-behalf",
          "cart:create",
          "cart:read",
          "cart:update",
          "cart:manage",
          "customers:read",
          "inventory:read",
          "inventory:adjust",
          "media:read",
          "media:write",
          "pricing:read",
          "promotions:read",
          "shipping:read",
          "pos:operate",
          "layaway:operate",
          "marketplace:read",
          "marketplace:manage",
        ],
      },
      // A vendor's people on the marketplace: their own vendor's profile, sub-orders, payouts and reviews.
      seller: { permissions: ["catalog:read", "marketplace:vendor"] },
      customer: {
        permissions: [
          "catalog:read",
          "customers:read:self",
          "customers:update:self",
          "orders:read:own",
          "orders:create",
          "cart:create",
          "cart:read",
          "cart:update",
        ],
      },
    },
    apiKeys: { enabled: true },
    apiKeyScopes: {
      admin: {
        prefix: "uc_admin_",
        description: "Full access, for operators' automation",
        permissions: { "*": ["*"] },
      },
      // What another store's channel connector needs here to list this store's catalog, stock and
      // prices on it and to pass its orders' shipments back (the `rest-store` adapter).
      channel: {
        prefix: "uc_ch_",
        description:
          "For another store's channel connector: write the catalog, prices and stock, read and update orders",
        permissions: {
          catalog: ["read", "create", "update"],
          pricing: ["read", "create", "update"],
          inventory: ["read", "adjust"],
          orders: ["read", "update"],
        },
      },
      // What an AI agent platform needs to buy here through the Agentic Checkout API (checkout sessions
      // over carts; the sessions' cart and checkout run inside the plugin's service).
      agent: {
        prefix: "uc_agent_",
        description:
          "For an AI agent platform: the Agentic Checkout API (create, update, complete and cancel checkout sessions)",
        permissions: { acp: ["checkout"] },
      },
      storefront: {
        prefix: "uc_sf_",
        description: [
          "What a public storefront needs: the published catalog, stock, media, prices and promotions, carts and",
          "checkout",
        ].join(" "),
        permissions: {
          catalog: ["read"],
          inventory: ["read"],
          media: ["read"],
          pricing: ["read"],
          promotions: ["read"],
          cart: ["create", "read", "update"],
          orders: ["create"],
        },
      },
    },
    trustedOrigins,
    socialProviders,
    twoFactor: {
      enabled: true,
      requiredForRoles: list(process.env.TWO_FACTOR_REQUIRED_ROLES),
      issuer: "Unified Commerce",
    },
    requireEmailVerification: process.env.REQUIRE_EMAIL_VERIFICATION === "true",
    ...(process.env.SESSION_DURATION ? { sessionDuration: Number(process.env.SESSION_DURATION) } : {}),
  },
  environment: isProduction ? "production" : "development",
  // UC_SECRET_KEY: the same key in every process of a fleet, or what one process seals (webhook secrets,
  // channel credentials) and digests (idempotency keys) the others cannot read or match.
  ...(process.env.UC_SECRET_KEY ? { secretKey: process.env.UC_SECRET_KEY } : {}),
  // The first-party plugins after auth (the point of sale and the marketplace need its members and API
  // keys): a till signs operators in with a `pos-till` key; layaway plans hold stock until their deadline;
  // the marketplace splits orders by vendor (a store with no vendors sells as before).
  // MARKETPLACE_HOLDING_DAYS holds vendors' sales before a payout run may send them (default 7).
  plugins: [
    auth({
      ...(publicUrl ? { baseUrl: publicUrl } : {}),
      ...(mailer ? { mailer } : {}),
      allowLogMailerInProduction: process.env.MAIL_LOG_IN_PRODUCTION === "true",
    }),
    layaway(),
    pos(),
    marketplace({
      ...(process.env.MARKETPLACE_HOLDING_DAYS
        ? { holdingPeriodDays: Number(process.env.MARKETPLACE_HOLDING_DAYS) }
        : {}),
    }),
    // Sell the same catalog and stock on other channels (another store of this project by default).
    channelConnector(),
    // Sell to shoppers' AI agents through the Agentic Checkout API at /api/acp; order events go to the
    // platform's webhook when ACP_WEBHOOK_URL and ACP_WEBHOOK_SECRET are set.
    agenticCheckout({
      ...(process.env.ACP_WEBHOOK_URL && process.env.ACP_WEBHOOK_SECRET
        ? { webhook: { url: process.env.ACP_WEBHOOK_URL, secret: process.env.ACP_WEBHOOK_SECRET } }
        : {}),
      ...(publicUrl ? { orderUrl: (order) => `${publicUrl}/orders/${order.number}` } : {}),
    }),
  ],
});
