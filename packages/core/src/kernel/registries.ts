import type { AnalyticsModel } from "./analytics-model.js";
import type { EventDeclaration } from "./domain-events.js";
import type { ErrorDefinition } from "./error-codes.js";
import type { SettingsGroupSchema } from "./settings-groups.js";

/** Who declared an entry: a module's id, or `kernel` for the generic error codes. */
export interface Owned {
  module: string;
}

/** What the manifests declared, merged once at boot (`buildRegistries`); duplicates failed it. */
export interface Registries {
  /** Every error code the API answers with: the kernel's generic codes, then each manifest's. */
  errors: ReadonlyMap<string, ErrorDefinition & Owned>;
  /** Events webhook endpoints may subscribe to. */
  events: ReadonlyMap<string, EventDeclaration & Owned>;
  /** Settings groups whose values are validated; other groups take any JSON object. */
  settings: ReadonlyMap<string, { schema: SettingsGroupSchema } & Owned>;
  /** Analytics models by name, checked (`assertAnalyticsModel`). */
  analyticsModels: ReadonlyMap<string, AnalyticsModel & Owned>;
}

/** The same rule `PATCH /api/settings/:group` applies to group names. */
export const SETTINGS_GROUP_NAME = /^[a-z][a-z0-9_-]{0,49}$/;
