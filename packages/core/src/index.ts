// First, so a tick object is held before our startup's first full collection: see retain-tick-object.ts.
import "./kernel/retain-tick-object.js";

// Kernel
export {
  defineConfig,
  type CommerceConfig,
  type AuthConfig,
  type DatabaseConfig,
  type HttpConfig,
  type JobsConfig,
  type RateLimitConfig,
  type RoleMap,
} from "./kernel/config.js";
export { defineTask, type KernelTask } from "./kernel/kernel-task.js";
export { createKernel, type Kernel, type CreateKernelOptions } from "./kernel/create-kernel.js";
export {
  definePlugin,
  type Plugin,
  type PluginManifest,
  type PermissionDeclaration,
  type NamedMigration,
  type ApiKeyScope,
  type AnalyticsModel,
  type MigrationDb,
} from "./kernel/plugin.js";
export type { Services, ServiceContext, RouteContext, RouteAuthContext, DatabaseAccess, Logger } from "./kernel/contexts.js";
export { defineHook, createHookRunner, type HookPayloads, type HookContext, type HookRegistration, type HookError, type HookRunner } from "./kernel/hook-runner.js";
export { inTransaction, type TxOptions } from "./kernel/transaction.js";
export { createEventBus, type DomainEvent, type EmitInput, type EventBus, type EventSubscriber } from "./kernel/event-bus.js";
export type { Actor, ActorResolver } from "./kernel/actor.js";
export type { Authenticator, RequestGuard } from "./kernel/authenticator.js";
export { hasPermission, permissionCovers, isPermissionString } from "./kernel/permissions.js";
export { AppError, isAppError, type AppErrorOptions, type FieldIssue } from "./kernel/app-error.js";
export { ERROR_CODES, type ErrorCode } from "./kernel/error-codes.js";
export { CORE_VERSION } from "./kernel/version.js";

// Database
export { createDatabase, type Database, type Listen } from "./db/create-database.js";
export { runMigrations, type MigrationSequence, type MigrationReport } from "./db/run-migrations.js";
export { tenantScope, type TenantScope, type TenantTable, type TenantInsert } from "./db/tenant-scope.js";
export type { CoreTables, Timestamp, Json } from "./db/core-tables.js";

// HTTP
export { router, type Router, type RouteBuilder, type RouteDoc, type PathParams } from "./http/router.js";
export type { RouteRegistration, HandlerContext, RouteResult, HttpMethod } from "./http/route-registration.js";
export { JsonText, jsonEnvelope } from "./http/json-text.js";
export { commerceApi, type CommerceApiOptions } from "./http/commerce-api.js";
export { createCommerceServer, type CreateServerOptions } from "./http/create-server.js";
export { paginationQuery, paginationSchema, paginate, pageOffset, type Pagination, type PaginationQuery } from "./http/pagination.js";
export { toAppError, errorBody, type ErrorBody } from "./http/error-response.js";
