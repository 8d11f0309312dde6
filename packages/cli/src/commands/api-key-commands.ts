import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { scopePermissions } from "@unified-commerce/auth";
import { cliCommand } from "../cli-command.js";
import { CliError } from "../cli-error.js";
import { assertOrganization, withKernel } from "../cli-context.js";
import { invocationDir } from "../load-config.js";

const MIN_TTL_SECONDS = 86_400;
const DEFAULT_ENV_VAR = "UC_API_KEY";

export const apiKeyCreate = cliCommand({
  name: "api-key create",
  summary: "Mint an API key of a declared scope (printed once)",
  description:
    "The scope's keyExpiration bounds apply. --save-env writes NAME=<key> to .env in the directory uc runs in\n(replacing an earlier line of that name, mode 600).",
  options: {
    scope: {
      type: "string",
      valueName: "<scope>",
      required: true,
      description: "A declared scope (see `uc api-key list`)",
    },
    name: { type: "string", valueName: "<name>", description: "The key's name", default: "<scope>-key" },
    ttl: {
      type: "string",
      valueName: "<seconds>",
      description: `Lifetime in seconds, at least ${MIN_TTL_SECONDS} (one day)`,
      default: "none, or the scope's bound",
    },
    user: { type: "string", valueName: "<email|id>", description: "Bind the key to a member of the organization" },
    org: {
      type: "string",
      valueName: "<id>",
      description: "The organization",
      default: "the configuration's defaultOrganizationId",
    },
    "save-env": { type: "boolean", description: "Write the key to .env instead of only printing it" },
    "env-var": {
      type: "string",
      valueName: "<NAME>",
      description: "The variable --save-env writes",
      default: DEFAULT_ENV_VAR,
    },
    json: { type: "boolean", description: "Print one JSON object: key, id, scope, name, organizationId, expiresAt" },
  },
  examples: ["uc api-key create --scope storefront --org main --ttl 2592000 --save-env --env-var STOREFRONT_KEY"],
  run: async ({ values }, io) => {
    if (!values.scope) throw new CliError("--scope is required (see `uc api-key list` for the declared scopes)");
    const ttl = values.ttl === undefined ? undefined : Number(values.ttl);
    if (ttl !== undefined && (!Number.isInteger(ttl) || ttl < MIN_TTL_SECONDS)) {
      throw new CliError(`--ttl must be a whole number of seconds, at least ${MIN_TTL_SECONDS} (one day)`);
    }
    const envVar = values["env-var"] ?? DEFAULT_ENV_VAR;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(envVar))
      throw new CliError(`--env-var "${envVar}" is not a valid variable name`);

    const created = await withKernel({ config: values.config, io }, async (kernel, config) => {
      const scope = values.scope as string;
      if (!Object.hasOwn(kernel.services.apiKeys.scopes(), scope)) {
        const names = Object.keys(kernel.services.apiKeys.scopes());
        throw new CliError(
          `Unknown scope "${scope}"; declared scopes: ${names.length > 0 ? names.join(", ") : "none (declare auth.apiKeyScopes)"}`,
        );
      }
      const organizationId = values.org ?? config.defaultOrganizationId ?? "default";
      await assertOrganization(kernel, organizationId);
      let userId: string | null = null;
      if (values.user) {
        const user = values.user.includes("@")
          ? await kernel.services.auth.users.findByEmail(values.user)
          : await kernel.services.auth.users.findById(values.user);
        if (!user) throw new CliError(`No user "${values.user}"`);
        if ((await kernel.services.auth.users.roleIn(user.id, organizationId)) === null) {
          throw new CliError(`User ${user.email} is not a member of organization "${organizationId}"`);
        }
        userId = user.id;
      }
      return kernel.services.apiKeys.create({
        organizationId,
        scope,
        ...(values.name ? { name: values.name } : {}),
        ...(ttl === undefined ? {} : { expiresInSeconds: ttl }),
        userId,
      });
    });

    let savedTo: string | undefined;
    if (values["save-env"]) {
      savedTo = resolve(invocationDir(io.env), ".env");
      saveEnv(savedTo, envVar, created.key);
    }
    const expiresAt = created.expiresAt?.toISOString() ?? null;
    if (values.json) {
      io.out(
        JSON.stringify({
          key: created.key,
          id: created.id,
          scope: created.scope,
          name: created.name,
          organizationId: created.organizationId,
          expiresAt,
          ...(savedTo ? { savedTo, envVar } : {}),
        }),
      );
      return;
    }
    io.out(
      `Created API key "${created.name}" (id ${created.id}, scope ${created.scope}, organization ${created.organizationId}, ${expiresAt ? `expires ${expiresAt}` : "no expiry"}).`,
    );
    io.out("");
    io.out(`  ${created.key}`);
    io.out("");
    io.out(
      savedTo
        ? `Saved as ${envVar} in ${savedTo}. It is not shown again.`
        : "Store it now: it is shown this once. Send it as the x-api-key header.",
    );
  },
});

export const apiKeyList = cliCommand({
  name: "api-key list",
  summary: "The declared API-key scopes, their prefixes and permissions",
  description: "Boots on an in-memory database, so it also works next to a running server.",
  options: { json: { type: "boolean", description: "Print one JSON object: { scopes }" } },
  examples: ["uc api-key list --json"],
  run: async ({ values }, io) => {
    const scopes = await withKernel({ config: values.config, io, isConfigOnly: true }, async (kernel) =>
      Object.entries(kernel.services.apiKeys.scopes()).map(([name, scope]) => ({
        name,
        prefix: scope.prefix,
        description: scope.description,
        permissions: scopePermissions(scope),
        ...(scope.keyExpiration ? { keyExpiration: scope.keyExpiration } : {}),
      })),
    );
    if (values.json) {
      io.out(JSON.stringify({ scopes }));
      return;
    }
    if (scopes.length === 0) {
      io.out("No API-key scopes are declared (auth.apiKeyScopes or a plugin's apiKeyScopes).");
      return;
    }
    for (const scope of scopes) {
      const bounds = scope.keyExpiration
        ? ` (lifetime ${scope.keyExpiration.minExpiresIn ?? 0}-${scope.keyExpiration.maxExpiresIn ?? "∞"} days)`
        : "";
      io.out(`${scope.name}  ${scope.prefix}…  ${scope.permissions.join(", ")}${bounds}`);
      io.out(`    ${scope.description}`);
    }
  },
});

export const apiKeyRevoke = cliCommand({
  name: "api-key revoke",
  summary: "Revoke an API key",
  arguments: [{ name: "id", description: "The key's id (printed by `uc api-key create`)" }],
  options: {
    id: { type: "string", valueName: "<id>", description: "The key's id, instead of the argument" },
    json: { type: "boolean", description: "Print one JSON object: id, scope, revokedAt" },
  },
  examples: ["uc api-key revoke 4f6c2a9e-0d1b-4c8e-9a57-2f0e6b1d3c48"],
  run: async ({ values, positionals }, io) => {
    const id = values.id ?? positionals[0];
    if (!id) throw new CliError("Which key? `uc api-key revoke <id>`");
    const revoked = await withKernel({ config: values.config, io }, (kernel) => kernel.services.apiKeys.revokeById(id));
    if (!revoked) throw new CliError(`No API key with id "${id}"`);
    if (values.json)
      io.out(
        JSON.stringify({ id: revoked.id, scope: revoked.scope, revokedAt: revoked.revokedAt?.toISOString() ?? null }),
      );
    else io.out(`Revoked API key ${revoked.id} (${revoked.name}, scope ${revoked.scope}).`);
  },
});

/** Sets `name=value` in a dotenv file, replacing an earlier line of the same name. */
function saveEnv(path: string, name: string, value: string): void {
  const lines = existsSync(path)
    ? readFileSync(path, "utf8")
        .split("\n")
        .filter((line) => !line.startsWith(`${name}=`))
    : [];
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  lines.push(`${name}=${value}`);
  writeFileSync(path, `${lines.join("\n")}\n`, { mode: 0o600 });
}
