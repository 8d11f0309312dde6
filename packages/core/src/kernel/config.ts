import type { FastifyRequest } from "fastify";
import type { ProcessingOrder as JobProcessingOrder } from "@unified-commerce/jobs";
import type { DatabaseConfig } from "../db/database-config.js";
import type { ApiKeyScope } from "./api-key-scope.js";

/** Role name to the permissions it grants. */
export type RoleMap = Record<string, { permissions: readonly string[] }>;

/**
 * The `auth` section. `core` only reads the tenancy keys (`storeResolver`, `strictOrgResolution`); the
 * auth package implements the rest.
 */
export interface AuthConfig {
  roles?: RoleMap;
  /** Origins allowed to make cookie-authenticated mutations. */
  trustedOrigins?: readonly string[];
  apiKeys?: { enabled?: boolean };
  apiKeyScopes?: Record<string, ApiKeyScope>;
  socialProviders?: Record<string, { clientId: string; clientSecret: string; redirectUri?: string }>;
  twoFactor?: { enabled?: boolean; requiredForRoles?: readonly string[]; issuer?: string };
  /** When true, a request whose store cannot be resolved is refused with 503. @default false */
  strictOrgResolution?: boolean;
  /** Maps a request to its organization (multi-store deployments). */
  storeResolver?: (request: FastifyRequest) => Promise<string | null>;
  requireEmailVerification?: boolean;
  /** Session lifetime in seconds, extended on use. @default 2592000 (30 days) */
  sessionDuration?: number;
  /** Secret for signing OAuth state and similar values; required in production for OAuth. */
  secret?: string;
  /** Removed: setting it fails boot. */
  enableDevKey?: unknown;
  /** Removed: setting it fails boot. */
  devKey?: unknown;
}

export interface RateLimitConfig {
  /** Requests allowed per window and client. @default 300 */
  max?: number;
  /** Window length in milliseconds. @default 60000 */
  windowMs?: number;
  /** Redis connection string; counters are then shared by every server process. */
  redisUrl?: string;
}

/** Browser apps on other origins that may call the API (an admin or a storefront hosted apart). */
export interface CorsConfig {
  /** Exact origins, `scheme://host[:port]`; checked at boot. */
  origins: string[];
  /** How long a browser may keep a preflight's answer. @default 600 */
  maxAgeSeconds?: number;
}

export interface HttpConfig {
  /** Maximum request body in bytes. @default 1048576 (1 MB) */
  bodyLimit?: number;
  /** `false` disables rate limiting. */
  rateLimit?: RateLimitConfig | false;
  /** Served over HTTPS (cookies get `Secure` and the `__Secure-` prefix). @default false */
  https?: boolean;
  /**
   * Accept serving session cookies without `Secure` in production. Without it, the auth plugin refuses
   * to boot in production unless `https` is true (`INSECURE_COOKIES=true` in the reference server).
   * @default false
   */
  allowInsecureCookies?: boolean;
  /** Trust `X-Forwarded-*` from a proxy in front. @default false */
  trustProxy?: boolean;
  /**
   * Browser apps on other origins allowed to call the API and read its answers (an admin or a storefront
   * hosted apart), with credentials. Unset: no CORS headers, so only same-origin pages can. Cookie
   * mutations from those origins also need them in `auth.trustedOrigins`.
   */
  cors?: CorsConfig;
}

/** The background job queue (`@unified-commerce/jobs`) as the kernel runs it. */
export interface JobsConfig {
  /**
   * The in-process worker: claims due jobs as they are enqueued (LISTEN/NOTIFY) and polls every
   * `intervalMs` as a fallback. Off by default: jobs then run from `GET /api/jobs/run` (a cron target)
   * or a separate worker process. @default { enabled: false, intervalMs: 1000, concurrency: 10, queue: "default" }
   */
  autorun?: { enabled?: boolean; intervalMs?: number; concurrency?: number; queue?: string };
  /**
   * Claim order: a field and direction, or a deterministic comparator applied within a claim batch.
   * @default { field: "createdAt", direction: "asc" }
   */
  processingOrder?: JobProcessingOrder;
  /** How long a claimed job stays leased to its worker before `jobs/reap-stale` hands it to another. @default 300000 (5 min) */
  leaseMs?: number;
  /**
   * How long finished jobs are kept: the `jobs/prune` task deletes succeeded jobs `succeededMs` after
   * they completed and failed ones `failedMs` after they failed (`null` keeps failed jobs until they are
   * retried). It runs at boot, then hourly. `false` keeps every job.
   * @default { succeededMs: 604800000 (7 days), failedMs: 2592000000 (30 days) }
   */
  retention?: { succeededMs?: number; failedMs?: number | null } | false;
  /**
   * Name of an external push-style engine that drives the tasks instead (it runs them through its own
   * runtime). It must not be combined with `autorun`: boot fails when both are set.
   */
  externalEngine?: string;
  /**
   * Operator token of `GET /api/jobs/run` in production, sent as the `x-jobs-token` header (`JOBS_RUN_TOKEN`
   * in the reference server). That route runs every organization's jobs, so no API key, whatever its
   * permissions, is enough in production; without a token the route refuses every call there (run jobs
   * with `jobs.autorun` or a worker process instead). Outside production anyone may call it.
   */
  runToken?: string;
}

/** Prometheus metrics of the process (`prom-client`): HTTP, jobs, webhooks, database pool. */
export interface MetricsConfig {
  /** Path of the exposition route on the HTTP server (outside `/api`); `false`: no route, no HTTP timing. @default "/metrics" */
  path?: string | false;
  /**
   * Bearer token the route requires (`Authorization: Bearer <token>`). Without one the route is served
   * openly outside production and not at all in production, so metrics are never public by default.
   */
  token?: string;
}

/**
 * Configuration of a commerce kernel, usually in `commerce.config.ts`. The kernel's own sections are
 * here; each module adds its section by declaration merging (`media`, `search`, `catalog`, `webhooks`,
 * `tax`: see their `*-config.ts`), as modules add their services to `Services`, so the kernel imports
 * no module. `plugins` and `modules` are added the same way by `plugin.ts`: the configuration sits below
 * the plugin contract, whose manifests receive it.
 */
export interface CommerceConfig {
  database?: DatabaseConfig;
  http?: HttpConfig;
  auth?: AuthConfig;
  /**
   * Base64 of 32 random bytes encrypting secrets the server must read back (webhook signing secrets).
   * Required in production; elsewhere one is generated and kept in the embedded database's directory.
   */
  secretKey?: string;
  jobs?: JobsConfig;
  metrics?: MetricsConfig;
  /** Organization used when neither the actor nor the store resolver names one. @default "default" */
  defaultOrganizationId?: string;
  /** `production` disables test conveniences and hides error detail. @default process.env.NODE_ENV */
  environment?: "production" | "development" | "test";
  /** Log level for the kernel's logger. @default "info" */
  logLevel?: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
}

/** Identity function that gives `commerce.config.ts` its types. */
export function defineConfig(config: CommerceConfig): CommerceConfig {
  return config;
}
