import type { Kysely } from "kysely";
import type { CoreTables } from "../db/core-tables.js";
import type { CommerceConfig } from "./config.js";
import type { DatabaseAccess } from "./database-access.js";
import type { EventBus } from "./event-bus.js";
import type { HookRunner } from "./hook-runner.js";
import type { Logger } from "./logger.js";
import type { Registries } from "./registries.js";
import type { SecretBox } from "./secret-box.js";
import type { Services } from "./services.js";

// Defined in leaf files (so the hook runner, the event bus and HTTP can name them without this file);
// re-exported for the modules that import them from here. Augment `Services` in `services.js` itself:
// TypeScript merges an augmentation made through a re-export into a copy of the interface.
export type { DatabaseAccess, Logger, Services };

/** What a module's service factory receives. `services` fills as modules are built, in plugin order. */
export interface ServiceContext {
  config: CommerceConfig;
  db: Kysely<CoreTables>;
  database: DatabaseAccess;
  services: Services;
  hooks: HookRunner;
  events: EventBus;
  logger: Logger;
  /** Encrypts secrets the server must read back; see `secretKey`. */
  secrets: SecretBox;
  /** Organization used when neither the actor nor the store resolver names one. */
  defaultOrganizationId: string;
  /** Error codes, webhook events and settings groups every manifest declared. */
  registries: Registries;
}

/** Auth capabilities present when the API is mounted by a server with the auth package. */
export interface RouteAuthContext {
  /** Permissions granted by a role name, for tooling that mints keys or checks roles. */
  permissionsOfRole(role: string): readonly string[];
}

/** What a module's `routes` function receives. */
export interface RouteContext {
  config: CommerceConfig;
  services: Services;
  database: DatabaseAccess;
  hooks: HookRunner;
  events: EventBus;
  logger: Logger;
  /** Error codes, webhook events and settings groups every manifest declared. */
  registries: Registries;
  auth?: RouteAuthContext;
}
