import type { z } from "zod";

/** The schema of a settings group: an object, validated key by key on every patch. */
export type SettingsGroupSchema = z.ZodObject<z.core.$ZodShape, z.core.$ZodObjectConfig>;

/** A manifest's `settings`: group name to its schema. */
export type SettingsGroupDeclarations = Readonly<Record<string, SettingsGroupSchema>>;

/**
 * Values of the declared settings groups, by name, for typed reads (`services.settings.get("policies")`).
 * The module that declares a group adds it by augmentation:
 *
 * ```ts
 * declare module "@unified-commerce/plugin-sdk" { interface SettingsGroups extends SettingsGroupsOf<typeof loyaltySettings> {} }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SettingsGroups {}

/**
 * Declares settings groups. Returns the table as given (put it in the manifest's `settings`), its names
 * kept literal for `SettingsGroupsOf`. Use `z.strictObject` to refuse unknown keys too.
 */
export function defineSettingsGroups<const T extends SettingsGroupDeclarations>(groups: T): T {
  return groups;
}

/** Value types of a declared table, for `interface SettingsGroups extends SettingsGroupsOf<typeof table> {}`. */
export type SettingsGroupsOf<T extends SettingsGroupDeclarations> = { [Group in keyof T]: z.output<T[Group]> };

/**
 * What reading a group answers: a declared group's keys, each present only once set (a patch sets keys
 * one by one); any JSON object for a group nobody declared.
 */
export type SettingsGroupValue<G extends string> = G extends keyof SettingsGroups
  ? Partial<SettingsGroups[G]>
  : Record<string, unknown>;
