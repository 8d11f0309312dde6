import { CliError, describeError } from "./cli-error.js";
import type { CliIo } from "./cli-context.js";
import { apiKeyCreate, apiKeyList, apiKeyRevoke } from "./commands/api-key-commands.js";
import { orgCreate, orgList } from "./commands/org-commands.js";
import { userCreate } from "./commands/user-commands.js";

const USAGE = `Usage: uc <command> [options]

  api-key create --scope <scope> [--name <name>] [--ttl <seconds, >= 86400>] [--user <email|id>]
                 [--org <id>] [--save-env] [--env-var <NAME>] [--config <file>] [--json]
  api-key list [--json]                      declared scopes
  api-key revoke <id> [--json]
  org create --name <name> [--id <id>] [--json]
  org list [--json]
  user create --email <email> --password <password> --role <role> [--org <id>] [--name <name>] [--json]

Every command reads commerce.config.ts (or --config / COMMERCE_CONFIG) and the same environment as the server.`;

const COMMANDS: Record<string, (args: string[], io: CliIo) => Promise<void>> = {
  "api-key create": apiKeyCreate,
  "api-key list": apiKeyList,
  "api-key revoke": apiKeyRevoke,
  "org create": orgCreate,
  "org list": orgList,
  "user create": userCreate,
};

export const defaultIo: CliIo = {
  out: (text) => void process.stdout.write(`${text}\n`),
  err: (text) => void process.stderr.write(`${text}\n`),
  env: process.env,
};

/** Runs one `uc` command; answers the exit code (0 ok, 1 failure, 2 usage). */
export async function runCli(argv: readonly string[], io: CliIo = defaultIo): Promise<number> {
  const [group, action, ...rest] = argv;
  if (!group || group === "help" || group === "--help" || group === "-h") {
    io.out(USAGE);
    return group ? 0 : 2;
  }
  const command = COMMANDS[`${group} ${action ?? ""}`];
  if (!command) {
    io.err(`uc: unknown command "${[group, action].filter(Boolean).join(" ")}"; run \`uc help\``);
    return 2;
  }
  try {
    await command(rest, io);
    return 0;
  } catch (error) {
    io.err(`uc: ${describeError(error)}`);
    if (!(error instanceof CliError) && io.env.UC_DEBUG) io.err(String((error as Error).stack));
    return 1;
  }
}
