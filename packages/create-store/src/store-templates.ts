import type { ReleaseVersions } from "./release-versions.js";

export type TemplateName = "minimal" | "marketplace" | "pos";

/** What a template adds to the minimal store. */
export interface StoreTemplate {
  name: TemplateName;
  label: string;
  hint: string;
  /** The plugin package the template depends on; absent for `minimal`. */
  pluginPackage?: string;
  /** The import line and the call that adds the plugin to `plugins` in commerce.config.ts. */
  pluginImport?: string;
  pluginCall?: string;
  /** Permissions of the plugin the template's roles gain (`owner` holds `*:*` already). */
  adminPermissions?: readonly string[];
}

export const STORE_TEMPLATES: readonly StoreTemplate[] = [
  { name: "minimal", label: "minimal", hint: "the commerce API, auth, and one sample plugin" },
  {
    name: "marketplace",
    label: "marketplace",
    hint: "many vendors selling through one store",
    pluginPackage: "@unified-commerce/plugin-marketplace",
    pluginImport: 'import { marketplace } from "@unified-commerce/plugin-marketplace";',
    pluginCall: "marketplace()",
    adminPermissions: ["marketplace:*"],
  },
  {
    name: "pos",
    label: "pos",
    hint: "point of sale: tills, operator PINs, exchanges",
    pluginPackage: "@unified-commerce/plugin-pos",
    pluginImport: 'import { pos } from "@unified-commerce/plugin-pos";',
    pluginCall: "pos()",
    adminPermissions: ["pos:*"],
  },
];

/**
 * Why a template cannot be scaffolded with these versions, or null when it can. A template whose plugin
 * is not part of the release (a plugin still being written, not yet a package of the workspace) is refused
 * by name instead of scaffolding a store that cannot install.
 */
export function unavailableReason(template: StoreTemplate, versions: ReleaseVersions["packages"]): string | null {
  if (isReleased(template, versions)) return null;
  const released = STORE_TEMPLATES.filter((other) => isReleased(other, versions)).map((other) => other.name);
  return `the ${template.name} template needs ${template.pluginPackage}, which is not released yet; choose ${released.join(" or ")}`;
}

function isReleased(template: StoreTemplate, versions: ReleaseVersions["packages"]): boolean {
  return !template.pluginPackage || Boolean(versions[template.pluginPackage]);
}

export function findTemplate(name: string): StoreTemplate | undefined {
  return STORE_TEMPLATES.find((template) => template.name === name);
}
