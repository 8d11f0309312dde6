import { pino } from "pino";
import { sql } from "kysely";
import type { CommerceConfig } from "./config.js";
import type { AnalyticsModel, PermissionDeclaration, PluginManifest } from "./plugin.js";
import type { ApiKeyScope } from "./api-key-scope.js";
import type { DatabaseAccess } from "./database-access.js";
import type { Logger } from "./logger.js";
import type { Services } from "./services.js";
import type { RouteAuthContext } from "./contexts.js";
import type { HookRunner } from "./hook-runner.js";
import { createHookRunner } from "./create-hook-runner.js";
import type { EventBus } from "./event-bus.js";
import { createEventBus } from "./create-event-bus.js";
import { createTransactionRunner } from "./transaction-runner.js";
import { resolveConfig } from "./resolve-config.js";
import type { Registries } from "./registries.js";
import { buildRegistries } from "./build-registries.js";
import { createDatabase, type Database } from "../db/create-database.js";
import { countPendingMigrations, runMigrations } from "../db/run-migrations.js";
import type { RouteRegistration } from "../http/route-registration.js";
import { CORE_VERSION } from "./version.js";
import { createMetrics } from "./metrics.js";
import { createOutboundClient } from "../http/outbound/outbound-client.js";
import { requestIdMixin } from "./request-log-context.js";
import type { Authenticator } from "./authenticator.js";
import type { SecretBox } from "./secret-box.js";
import { createSecretBox } from "./create-secret-box.js";
import { resolveSecretKey } from "./resolve-secret-key.js";

/** A booted commerce kernel: configuration applied, database migrated, services built. */
export interface Kernel {
  /** The configuration after plugins were applied. */
  config: CommerceConfig;
  modules: readonly PluginManifest[];
  database: Database & DatabaseAccess;
  services: Services;
  hooks: HookRunner;
  events: EventBus;
  logger: Logger;
  /** Encrypts what the server must read back and digests what must not be guessable; see `secretKey`. */
  secrets: SecretBox;
  version: string;
  defaultOrganizationId: string;
  permissions: readonly PermissionDeclaration[];
  /** Plugin scopes merged with `auth.apiKeyScopes`; a user-configured scope of the same name wins. */
  apiKeyScopes: Readonly<Record<string, ApiKeyScope>>;
  analyticsModels: readonly AnalyticsModel[];
  /** Error codes, webhook events and settings groups every manifest declared, merged. */
  registries: Registries;
  /** The authenticator a module contributed; without one every request is anonymous. */
  authenticator: Authenticator | undefined;
  /** Every module's routes, built against this kernel. */
  routes(auth?: RouteAuthContext): RouteRegistration[];
  /**
   * Whether this process should receive work: not draining, the database answers, and every migration
   * the modules declare is recorded. Liveness (`/api/health`) is a separate, cheaper question.
   */
  readiness(): Promise<Readiness>;
  /** Marks the process as shutting down: `readiness()` fails from now on, so a load balancer moves away. */
  drain(): void;
  /** True once `drain()` was called. */
  readonly isDraining: boolean;
  close(): Promise<void>;
}

/** The answer of `kernel.readiness()`: ready, or the reasons it is not. */
export interface Readiness {
  isReady: boolean;
  /** Empty when ready. */
  reasons: ("draining" | "database-unreachable" | "migrations-pending")[];
}

export interface CreateKernelOptions {
  /** An already open database (tests); the kernel owns it and closes it. Otherwise one is opened from `config.database`. */
  database?: Database;
  logger?: Logger;
}

/**
 * Boots a kernel from `builtInModules` followed by the configured plugins. The kernel knows no module:
 * the public `createKernel` (`src/create-kernel.ts`) supplies the built-in list.
 */
export async function bootKernel(
  userConfig: CommerceConfig,
  builtInModules: readonly PluginManifest[],
  options: CreateKernelOptions = {},
): Promise<Kernel> {
  let config: CommerceConfig;
  let registries: Registries;
  try {
    config = resolveConfig(userConfig, builtInModules);
    registries = buildRegistries(config.modules ?? []);
  } catch (error) {
    // The kernel owns a database handed to it, also when it refuses to boot.
    await options.database?.close();
    throw error;
  }
  const modules = config.modules ?? [];
  const logger = options.logger ?? pino({ level: config.logLevel ?? "info", mixin: requestIdMixin });
  const database = options.database ?? (await createDatabase(config.database));

  try {
    const sequences = modules.map((module) => ({ module: module.id, migrations: module.schema?.migrations ?? [] }));
    const report = await runMigrations(database.db as never, sequences);
    if (report.applied.length > 0) logger.info({ migrations: report.applied.length }, "database migrated");

    const defaultOrganizationId = config.defaultOrganizationId ?? "default";
    await ensureOrganization(database, defaultOrganizationId);

    const access: Database & DatabaseAccess = { ...database, ...createTransactionRunner(database.db) };
    const services = {
      metrics: createMetrics({ database, logger }),
      // One client for every outbound call; an unset environment is not production, as elsewhere in the kernel.
      outbound: createOutboundClient({ ...config.outbound, environment: config.environment ?? "development" }),
    } as Services;
    const hooks = createHookRunner(
      modules.flatMap((module) => module.hooks ?? []),
      { afterCommit: access.afterCommit, logger },
    );
    const events = createEventBus(
      modules.flatMap((module) => module.subscribers ?? []),
      services,
    );

    const secrets = createSecretBox(await resolveSecretKey(config, database));
    const serviceContext = {
      config,
      db: database.db,
      database: access,
      services,
      hooks,
      events,
      logger,
      secrets,
      defaultOrganizationId,
      registries,
    };
    for (const module of modules) {
      if (!module.services) continue;
      const built = module.services(serviceContext);
      for (const [name, service] of Object.entries(built)) {
        if (name in services)
          throw new Error(`Plugin "${module.id}" registers service "${name}", which already exists`);
        (services as unknown as Record<string, unknown>)[name] = service;
      }
    }

    const authenticators = modules.filter((module) => module.authenticator);
    if (authenticators.length > 1) {
      throw new Error(
        `Only one plugin may authenticate requests; found ${authenticators.map((module) => module.id).join(", ")}`,
      );
    }
    const authenticator = authenticators[0]?.authenticator?.(serviceContext);

    const stops: (() => Promise<void>)[] = [];
    try {
      for (const module of modules) {
        const stop = await module.start?.(serviceContext);
        if (stop) stops.push(stop);
      }
    } catch (error) {
      await stopAll(stops);
      throw error;
    }

    let isDraining = false;
    // Once every migration is recorded it stays so for this process's code; later probes only ping.
    let isMigrated = false;
    const readiness = async (): Promise<Readiness> => {
      const reasons: Readiness["reasons"] = [];
      if (isDraining) reasons.push("draining");
      try {
        if (isMigrated) await database.ping();
        else if ((await countPendingMigrations(database.db as never, sequences)) > 0)
          reasons.push("migrations-pending");
        else isMigrated = true;
      } catch (error) {
        logger.warn({ err: error }, "readiness: database unreachable");
        reasons.push("database-unreachable");
      }
      return { isReady: reasons.length === 0, reasons };
    };

    return {
      config,
      modules,
      authenticator,
      readiness,
      drain: () => {
        isDraining = true;
      },
      get isDraining() {
        return isDraining;
      },
      database: access,
      services,
      hooks,
      events,
      logger,
      secrets,
      version: CORE_VERSION,
      defaultOrganizationId,
      permissions: modules.flatMap((module) => module.permissions ?? []),
      apiKeyScopes: mergeApiKeyScopes(modules, config),
      analyticsModels: [...registries.analyticsModels.values()],
      registries,
      routes: (auth) =>
        modules.flatMap((module) =>
          module.routes
            ? module.routes({
                config,
                services,
                database: access,
                hooks,
                events,
                logger,
                registries,
                ...(auth ? { auth } : {}),
              })
            : [],
        ),
      close: async () => {
        try {
          await stopAll(stops);
        } finally {
          await database.close();
        }
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Stops background work in the reverse order it started; every stop runs even when one fails. */
async function stopAll(stops: readonly (() => Promise<void>)[]): Promise<void> {
  let failure: unknown;
  for (const stop of [...stops].reverse()) {
    try {
      await stop();
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
}

function mergeApiKeyScopes(modules: readonly PluginManifest[], config: CommerceConfig): Record<string, ApiKeyScope> {
  const scopes: Record<string, ApiKeyScope> = {};
  for (const module of modules) Object.assign(scopes, module.apiKeyScopes);
  return { ...scopes, ...config.auth?.apiKeyScopes };
}

async function ensureOrganization(database: Database, id: string): Promise<void> {
  await database.db
    .insertInto("organizations")
    .values({ id, name: id })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
  // Reading it back proves the schema matches what the kernel expects before any request is served.
  await sql`select id from organizations where id = ${id}`.execute(database.db);
}
