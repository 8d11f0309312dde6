import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Actor } from "../kernel/actor.js";
import type { CommerceConfig } from "../kernel/config.js";
import type { Plugin } from "../kernel/plugin.js";
import { createKernel } from "../create-kernel.js";
import type { Kernel } from "../kernel/create-kernel.js";
import { createCommerceServer, type CreateServerOptions } from "../http/create-server.js";
import type { CoreTables } from "../db/core-tables.js";
import { createTestDatabase, joinTestDatabase } from "./test-database.js";
import { readTestActor } from "./test-actors.js";

export interface TestApp {
  app: FastifyInstance;
  kernel: Kernel;
  db: Kysely<CoreTables>;
  /** Closes the server, the kernel and drops the test schema. */
  close(): Promise<void>;
}

export interface CreateTestAppOptions extends Omit<CreateServerOptions, "fastify"> {
  config?: CommerceConfig;
  /** Resolves actors the test header does not name. @default the kernel's authenticator */
  resolveActor?: (request: FastifyRequest) => Promise<Actor | null>;
  /**
   * Boots on this PostgreSQL schema of another test app (`kernel.database.schema`), e.g. in a child
   * process playing a second server or worker of the same store, instead of a fresh database. The schema
   * stays when this app closes.
   */
  joinSchema?: string;
}

/**
 * Boots the real kernel on a fresh database (own schema on PostgreSQL, in-memory PGlite otherwise) and an
 * HTTP app that honours the `x-test-actor` header. Rate limiting is off unless the config turns it on.
 */
export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const { config = {}, resolveActor, joinSchema, ...serverOptions } = options;
  const database = joinSchema ? await joinTestDatabase(joinSchema) : await createTestDatabase();
  let kernel: Kernel;
  try {
    kernel = await createKernel(
      { logLevel: "silent", environment: "test", ...config, http: { rateLimit: false, ...config.http } },
      { database },
    );
  } catch (error) {
    await database.close();
    throw error;
  }
  const fallback = resolveActor ?? kernel.authenticator?.resolveActor;
  const app = await createCommerceServer(kernel, {
    ...serverOptions,
    // The test header wins; other credentials go through the real authenticator.
    resolveActor: async (request) => readTestActor(request.headers) ?? (fallback ? fallback(request) : null),
  });
  return { app, kernel, db: kernel.database.db, close: () => app.close() };
}

/** Boots a test app with one plugin (plus `overrides.plugins` before it, for its dependencies). */
export function createPluginTestApp(plugin: Plugin, overrides: CreateTestAppOptions = {}): Promise<TestApp> {
  const config = overrides.config ?? {};
  return createTestApp({ ...overrides, config: { ...config, plugins: [...(config.plugins ?? []), plugin] } });
}
