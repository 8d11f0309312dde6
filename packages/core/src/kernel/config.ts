import type { FastifyRequest } from "fastify";
import type { Plugin, PluginManifest, ApiKeyScope } from "./plugin.js";
import type { MediaStorage } from "../modules/media/media-storage.js";
import type { SearchAdapterFactory } from "../modules/search/search-adapter.js";
import type { WebhookOptions } from "../modules/webhooks/webhook-service.js";
import type { TaxConfig } from "../modules/tax/tax-config.js";
import type { ProcessingOrder as JobProcessingOrder } from "@unified-commerce/jobs";

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

export interface DatabaseConfig {
  /** PostgreSQL connection string. Unset: embedded PGlite persisted in `dataDir`. */
  url?: string;
  /** Directory of the embedded database. `memory://` keeps it in memory. @default ".data" */
  dataDir?: string;
  /** PostgreSQL schema to use (tests give each file its own). @default "public" */
  schema?: string;
  /** Maximum pool size on PostgreSQL. @default 10 */
  poolSize?: number;
  /**
   * How this process is named in the embedded database's lock file (`<dataDir>/uc.lock`): another
   * process refused the directory says who holds it. @default "another process"
   */
  lockHolder?: string;
}

export interface RateLimitConfig {
  /** Requests allowed per window and client. @default 300 */
  max?: number;
  /** Window length in milliseconds. @default 60000 */
  windowMs?: number;
  /** Redis connection string; counters are then shared by every server process. */
  redisUrl?: string;
}

export interface HttpConfig {
  /** Maximum request body in bytes. @default 1048576 (1 MB) */
  bodyLimit?: number;
  /** `false` disables rate limiting. */
  rateLimit?: RateLimitConfig | false;
  /** Served over HTTPS (cookies get `Secure` and the `__Secure-` prefix). @default false */
  https?: boolean;
  /** Trust `X-Forwarded-*` from a proxy in front. @default false */
  trustProxy?: boolean;
}

/** Media uploads and where their files live. */
export interface MediaConfig {
  /** Storage adapter for files (S3-compatible stores implement `MediaStorage`). @default local disk in `directory` */
  storage?: MediaStorage;
  /** Directory of the default local-disk storage. @default "<database.dataDir>/media" (".data/media") */
  directory?: string;
  /** Largest accepted upload in bytes; above it the upload is a 413. @default 10485760 (10 MB) */
  maxFileSize?: number;
  /**
   * Secret signing media URLs (`GET /api/media/:id?signed=true`). Set it when several processes serve
   * media or signed URLs must survive a restart. @default a random secret per process
   */
  signingSecret?: string;
  /** Lifetime of a signed media URL in seconds. @default 900 */
  signedUrlTtlSeconds?: number;
}

/** Search over the catalog. */
export interface SearchConfig {
  /**
   * Search engine: `"postgres"` for the bundled PostgreSQL full-text adapter, or an adapter factory for
   * another engine. Unset: the fallback, which scans the catalog and needs a query or a filter (a
   * facets-only request returns nothing). @default unset
   */
  adapter?: "postgres" | SearchAdapterFactory;
}

/** The catalog. */
export interface CatalogConfig {
  /**
   * Bytes of memory for the attributes and variants of entities answered recently, kept per entity
   * revision (each read checks the revision in the database, so writes from any process show at once).
   * 0 disables it. @default 33554432 (32 MiB)
   */
  includeCacheBytes?: number;
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
}

/** Configuration of a commerce kernel, usually in `commerce.config.ts`. */
export interface CommerceConfig {
  database?: DatabaseConfig;
  http?: HttpConfig;
  auth?: AuthConfig;
  media?: MediaConfig;
  search?: SearchConfig;
  catalog?: CatalogConfig;
  /**
   * Base64 of 32 random bytes encrypting secrets the server must read back (webhook signing secrets).
   * Required in production; elsewhere one is generated and kept in the embedded database's directory.
   */
  secretKey?: string;
  jobs?: JobsConfig;
  /** Outbound webhook delivery: which non-public targets are allowed, per-attempt timeout. */
  webhooks?: WebhookOptions;
  /**
   * Runtime tax rates by country and region (`regionRates`), used for organizations without active tax
   * classes; active classes take precedence. Rates are basis points. @default {} (no runtime rates)
   */
  tax?: TaxConfig;
  /** Organization used when neither the actor nor the store resolver names one. @default "default" */
  defaultOrganizationId?: string;
  /** Plugins, applied in order. */
  plugins?: readonly Plugin[];
  /** The modules (core and plugins) after plugins were applied. Filled by the kernel. */
  modules?: readonly PluginManifest[];
  /** `production` disables test conveniences and hides error detail. @default process.env.NODE_ENV */
  environment?: "production" | "development" | "test";
  /** Log level for the kernel's logger. @default "info" */
  logLevel?: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
}

/** Identity function that gives `commerce.config.ts` its types. */
export function defineConfig(config: CommerceConfig): CommerceConfig {
  return config;
}
