import { assertAnalyticsModel, type AnalyticsModel } from "./analytics-model.js";
import type { EventDeclaration } from "./domain-events.js";
import { findErrorDefinition, GENERIC_ERROR_CODES, registerErrorCodes, type ErrorDefinition } from "./error-codes.js";
import type { PluginManifest } from "./plugin.js";
import { SETTINGS_GROUP_NAME, type Owned, type Registries } from "./registries.js";
import type { SettingsGroupSchema } from "./settings-groups.js";

const ERROR_CODE = /^[A-Z][A-Z0-9_]*$/;
const EVENT_NAME = /^[a-z][A-Za-z0-9_]*(\.[a-z][A-Za-z0-9_]*)+$/;

/**
 * Merges the error codes, webhook events, settings groups and analytics models of every manifest, in module order, and
 * makes the error codes known to `AppError`. Throws, naming both owners, when a name is declared twice.
 */
export function buildRegistries(modules: readonly PluginManifest[]): Registries {
  const errors = new Map<string, ErrorDefinition & Owned>(
    Object.entries(GENERIC_ERROR_CODES).map(([code, definition]) => [code, { ...definition, module: "kernel" }]),
  );
  const events = new Map<string, EventDeclaration & Owned>();
  const settings = new Map<string, { schema: SettingsGroupSchema } & Owned>();
  const analyticsModels = new Map<string, AnalyticsModel & Owned>();

  for (const module of modules) {
    for (const [code, definition] of Object.entries(module.errors ?? {})) {
      assertNew(errors, code, module.id, "Error code");
      assertErrorDefinition(code, definition, module.id);
      errors.set(code, { status: definition.status, message: definition.message, module: module.id });
    }
    for (const [name, declaration] of Object.entries(module.events ?? {})) {
      assertNew(events, name, module.id, "Event");
      if (!EVENT_NAME.test(name))
        throw new Error(
          `Plugin "${module.id}" declares the event "${name}": names are dotted camelCase words, such as "marketplace.payout.paid"`,
        );
      events.set(name, { ...declaration, module: module.id });
    }
    for (const [group, schema] of Object.entries(module.settings ?? {})) {
      assertNew(settings, group, module.id, "Settings group");
      if (!SETTINGS_GROUP_NAME.test(group))
        throw new Error(
          `Plugin "${module.id}" declares the settings group "${group}": lowercase letters, digits, _ and -, starting with a letter (at most 50)`,
        );
      if (typeof schema?.partial !== "function")
        throw new Error(`Plugin "${module.id}" declares the settings group "${group}" without a zod object schema`);
      settings.set(group, { schema, module: module.id });
    }
    for (const model of module.analyticsModels ?? []) {
      assertAnalyticsModel(model, module.id);
      assertNew(analyticsModels, model.name, module.id, "Analytics model");
      analyticsModels.set(model.name, { ...model, module: module.id });
    }
  }

  registerErrorCodes(Object.fromEntries(errors));
  return { errors, events, settings, analyticsModels };
}

function assertNew(registry: ReadonlyMap<string, Owned>, name: string, module: string, what: string): void {
  const existing = registry.get(name);
  if (!existing) return;
  const owner = existing.module === "kernel" ? "the kernel (a generic code)" : `plugin "${existing.module}"`;
  throw new Error(`${what} "${name}" is declared by plugin "${module}" and already by ${owner}: names must be unique`);
}

function assertErrorDefinition(code: string, definition: ErrorDefinition, module: string): void {
  if (!ERROR_CODE.test(code))
    throw new Error(`Plugin "${module}" declares the error code "${code}": codes are UPPER_SNAKE_CASE`);
  if (!Number.isInteger(definition.status) || definition.status < 400 || definition.status > 599) {
    throw new Error(
      `Plugin "${module}" declares the error code "${code}" with status ${String(definition.status)}: an error answers 400 to 599`,
    );
  }
  // AppError reads statuses from one table per process; two kernels must not disagree on a code's meaning.
  const known = findErrorDefinition(code);
  if (known && (known.status !== definition.status || known.message !== definition.message)) {
    throw new Error(
      `Plugin "${module}" declares the error code "${code}" as ${definition.status}, but this process already defines it as ${known.status} ("${known.message}")`,
    );
  }
}
