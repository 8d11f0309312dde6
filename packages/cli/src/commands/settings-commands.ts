import { cliCommand } from "../cli-command.js";
import { CliError } from "../cli-error.js";
import { assertOrganization, cliActor, withKernel } from "../cli-context.js";

/** `uc settings get [group] [--org id]`: one group's value, or every group's. */
export const settingsGet = cliCommand({
  name: "settings get",
  summary: "One settings group's values, or every group's",
  arguments: [{ name: "group", description: "The group (every group if absent)" }],
  options: {
    org: {
      type: "string",
      valueName: "<id>",
      description: "The organization",
      default: "the configuration's defaultOrganizationId",
    },
    json: { type: "boolean", description: "Print the values as one JSON object" },
  },
  examples: ["uc settings get carts --json"],
  run: async ({ values, positionals }, io) => {
    const group = positionals[0];
    const settings = await withKernel({ config: values.config, io }, async (kernel, config) => {
      const organizationId = values.org ?? config.defaultOrganizationId ?? "default";
      await assertOrganization(kernel, organizationId);
      return group
        ? { [group]: await kernel.services.settings.get(organizationId, group) }
        : kernel.services.settings.getAll(organizationId);
    });
    if (values.json) {
      io.out(JSON.stringify(group ? settings[group] : settings));
      return;
    }
    const groups = Object.entries(settings);
    if (groups.length === 0) io.out("No settings are stored.");
    for (const [name, value] of groups) {
      io.out(`${name}:`);
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length === 0) io.out("  (nothing set)");
      for (const [key, item] of entries) io.out(`  ${key} = ${JSON.stringify(item)}`);
    }
  },
});

/**
 * `uc settings set <group> <key=value>... [--org id]`: a patch like `PATCH /api/settings/:group`, validated
 * against the group's declared schema (nothing written on an invalid value). A value is read as JSON when
 * it is JSON (`5`, `true`, `["a"]`, `null` deletes the key), else as a string.
 */
export const settingsSet = cliCommand({
  name: "settings set",
  summary: "Patch a settings group, validated against its schema (nothing written if a value is refused)",
  description: 'A value is JSON when it parses (5, true, ["a"]; null deletes the key), else a string.',
  arguments: [
    { name: "group", required: true, description: "The group" },
    { name: "key=value", required: true, variadic: true, description: "The keys to set" },
  ],
  options: {
    org: {
      type: "string",
      valueName: "<id>",
      description: "The organization",
      default: "the configuration's defaultOrganizationId",
    },
    json: { type: "boolean", description: "Print the group's new values as one JSON object" },
  },
  examples: ["uc settings set general currency=EUR timezone=Europe/Paris"],
  run: async ({ values, positionals }, io) => {
    const [group, ...pairs] = positionals;
    if (!group || pairs.length === 0)
      throw new CliError(
        "Usage: uc settings set <group> <key=value>... (e.g. `uc settings set carts isTaxInclusive=true`)",
      );
    const patch: Record<string, unknown> = {};
    for (const pair of pairs) {
      const at = pair.indexOf("=");
      if (at < 1) throw new CliError(`"${pair}" is not key=value`);
      patch[pair.slice(0, at)] = parseValue(pair.slice(at + 1));
    }
    const { organizationId, value } = await withKernel({ config: values.config, io }, async (kernel, config) => {
      const organizationId = values.org ?? config.defaultOrganizationId ?? "default";
      await assertOrganization(kernel, organizationId);
      return {
        organizationId,
        value: await kernel.services.settings.patchGroup(organizationId, group, patch, cliActor(organizationId)),
      };
    });
    if (values.json) io.out(JSON.stringify(value));
    else io.out(`Updated ${group} of organization ${organizationId}: ${JSON.stringify(value)}`);
  },
});

function parseValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
