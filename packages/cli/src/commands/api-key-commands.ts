import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { scopePermissions } from "@unified-commerce/auth";
import { CliError } from "../cli-error.js";
import { assertOrganization, withKernel, type CliIo } from "../cli-context.js";
import { invocationDir } from "../load-config.js";

const MIN_TTL_SECONDS = 86_400;
const DEFAULT_ENV_VAR = "UC_API_KEY";

export async function apiKeyCreate(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      scope: { type: "string" },
      name: { type: "string" },
      config: { type: "string" },
      ttl: { type: "string" },
      user: { type: "string" },
      org: { type: "string" },
      "save-env": { type: "boolean" },
      "env-var": { type: "string" },
      json: { type: "boolean" },
    },
    strict: true,
  });
  if (!values.scope) throw new CliError("--scope is required (see `uc api-key list` for the declared scopes)");
  const ttl = values.ttl === undefined ? undefined : Number(values.ttl);
  if (ttl !== undefined && (!Number.isInteger(ttl) || ttl < MIN_TTL_SECONDS)) {
    throw new CliError(`--ttl must be a whole number of seconds, at least ${MIN_TTL_SECONDS} (one day)`);
  }
  const envVar = values["env-var"] ?? DEFAULT_ENV_VAR;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(envVar)) throw new CliError(`--env-var "${envVar}" is not a valid variable name`);

  const created = await withKernel({ config: values.config, io }, async (kernel, config) => {
    const scope = values.scope as string;
    if (!Object.hasOwn(kernel.services.apiKeys.scopes(), scope)) {
      const names = Object.keys(kernel.services.apiKeys.scopes());
      throw new CliError(`Unknown scope "${scope}"; declared scopes: ${names.length > 0 ? names.join(", ") : "none (declare auth.apiKeyScopes)"}`);
    }
    const organizationId = values.org ?? config.defaultOrganizationId ?? "default";
    await assertOrganization(kernel, organizationId);
    let userId: string | null = null;
    if (values.user) {
      const user = values.user.includes("@") ? await kernel.services.auth.users.findByEmail(values.user) : await kernel.services.auth.users.findById(values.user);
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
    io.out(JSON.stringify({ key: created.key, id: created.id, scope: created.scope, name: created.name, organizationId: created.organizationId, expiresAt, ...(savedTo ? { savedTo, envVar } : {}) }));
    return;
  }
  io.out(`Created API key "${created.name}" (id ${created.id}, scope ${created.scope}, organization ${created.organizationId}, ${expiresAt ? `expires ${expiresAt}` : "no expiry"}).`);
  io.out("");
  io.out(`  ${created.key}`);
  io.out("");
  io.out(savedTo ? `Saved as ${envVar} in ${savedTo}. It is not shown again.` : "Store it now: it is shown this once. Send it as the x-api-key header.");
}

export async function apiKeyList(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({ args, options: { config: { type: "string" }, json: { type: "boolean" } }, strict: true });
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
    const bounds = scope.keyExpiration ? ` (lifetime ${scope.keyExpiration.minExpiresIn ?? 0}-${scope.keyExpiration.maxExpiresIn ?? "∞"} days)` : "";
    io.out(`${scope.name}  ${scope.prefix}…  ${scope.permissions.join(", ")}${bounds}`);
    io.out(`    ${scope.description}`);
  }
}

export async function apiKeyRevoke(args: string[], io: CliIo): Promise<void> {
  const { values, positionals } = parseArgs({ args, options: { config: { type: "string" }, id: { type: "string" }, json: { type: "boolean" } }, allowPositionals: true, strict: true });
  const id = values.id ?? positionals[0];
  if (!id) throw new CliError("Which key? `uc api-key revoke <id>`");
  const revoked = await withKernel({ config: values.config, io }, (kernel) => kernel.services.apiKeys.revokeById(id));
  if (!revoked) throw new CliError(`No API key with id "${id}"`);
  if (values.json) io.out(JSON.stringify({ id: revoked.id, scope: revoked.scope, revokedAt: revoked.revokedAt?.toISOString() ?? null }));
  else io.out(`Revoked API key ${revoked.id} (${revoked.name}, scope ${revoked.scope}).`);
}

/** Sets `name=value` in a dotenv file, replacing an earlier line of the same name. */
function saveEnv(path: string, name: string, value: string): void {
  const lines = existsSync(path) ? readFileSync(path, "utf8").split("\n").filter((line) => !line.startsWith(`${name}=`)) : [];
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  lines.push(`${name}=${value}`);
  writeFileSync(path, `${lines.join("\n")}\n`, { mode: 0o600 });
}
