import { CliError, CliUsageError, describeError } from "./cli-error.js";
import type { CliIo } from "./cli-context.js";
import { catalogImport } from "./commands/catalog-commands.js";
import { channelBackfill, channelConnect, channelList, channelStatus } from "./commands/channel-commands.js";
import { apiKeyCreate, apiKeyList, apiKeyRevoke } from "./commands/api-key-commands.js";
import { orgCreate, orgList } from "./commands/org-commands.js";
import { userCreate, userRemove } from "./commands/user-commands.js";
import { jobsFailed, jobsList, jobsRetry, jobsRun } from "./commands/jobs-commands.js";
import { migrate } from "./commands/migrate-command.js";
import { seed } from "./commands/seed-command.js";
import { settingsGet, settingsSet } from "./commands/settings-commands.js";

const USAGE = `Usage: uc <command> [options]

  api-key create --scope <scope> [--name <name>] [--ttl <seconds, >= 86400>] [--user <email|id>]
                 [--org <id>] [--save-env] [--env-var <NAME>] [--config <file>] [--json]
  api-key list [--json]                      declared scopes
  api-key revoke <id> [--json]
  org create --name <name> [--id <id>] [--json]
  org list [--json]
  user create --email <email> --password <password> --role <role> [--org <id>] [--name <name>] [--json]
  user remove --email <email|id> [--org <id>] [--json]
  migrate [--dry-run] [--json]               apply (or list) pending migrations of core and every plugin
  jobs list [--status <s>] [--queue <q>] [--org <id>] [--limit <n>] [--json]
  jobs failed [--queue <q>] [--org <id>] [--limit <n>] [--json]
  jobs retry <id> [--json]
  jobs run [--queue <q>] [--limit <n>] [--json]
  settings get [<group>] [--org <id>] [--json]
  settings set <group> <key=value>... [--org <id>] [--json]
  channel connect --adapter <id> --name <name> --currency <ISO> [--setting <key=value>]...
                  [--credentials-file <path>] [--credential <key=value>]... [--org <id>] [--json]
  channel list [--org <id>] [--page <n>] [--limit <n>] [--json]
  channel backfill <id> [--org <id>] [--json]   starts the catalog backfill (its jobs run through the worker)
  channel status <id> [--org <id>] [--json]     backfill progress: pages, items, errors
  catalog import <file> [--format csv|ndjson] [--org <id>] [--concurrency <n>] [--json]
                  import entities, variants, prices and stock (progress on stderr; format in the README)
  seed --entities <n> [--org <id>] [--currency <ISO>] [--json]   a large generated catalog, through the import
  seed [--org <id>] [--products <n>] [--orders <n>] [--currency <ISO>] [--customer-email <e>]
       [--customer-password <p>] [--json]   a demo store

Exit codes: 0 done, 1 failed (one line on stderr), 2 usage error (unknown command or option).

Every command reads commerce.config.ts (or --config / COMMERCE_CONFIG) and the same environment as the server.`;

const COMMANDS: Record<string, (args: string[], io: CliIo) => Promise<void>> = {
  "api-key create": apiKeyCreate,
  "api-key list": apiKeyList,
  "api-key revoke": apiKeyRevoke,
  "org create": orgCreate,
  "org list": orgList,
  "user create": userCreate,
  "user remove": userRemove,
  "migrate ": migrate,
  "jobs list": jobsList,
  "jobs failed": jobsFailed,
  "jobs retry": jobsRetry,
  "jobs run": jobsRun,
  "settings get": settingsGet,
  "settings set": settingsSet,
  "channel connect": channelConnect,
  "channel list": channelList,
  "channel backfill": channelBackfill,
  "channel status": channelStatus,
  "catalog import": catalogImport,
  "seed ": seed,
};

/** Commands without an action word: `uc migrate --dry-run`, `uc seed`. */
const SINGLE_WORD = new Set(["migrate", "seed"]);

export const defaultIo: CliIo = {
  out: (text) => void process.stdout.write(`${text}\n`),
  err: (text) => void process.stderr.write(`${text}\n`),
  env: process.env,
  isErrTerminal: Boolean(process.stderr.isTTY),
  errLine: (text) => void process.stderr.write(`\r\u001b[2K${text}`),
};

/** Runs one `uc` command; answers the exit code (0 ok, 1 failure, 2 usage). */
export async function runCli(argv: readonly string[], io: CliIo = defaultIo): Promise<number> {
  const [group, ...afterGroup] = argv;
  const isSingleWord = group !== undefined && SINGLE_WORD.has(group);
  const action = isSingleWord ? "" : afterGroup[0];
  const rest = isSingleWord ? afterGroup : afterGroup.slice(1);
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
    if (isUsageError(error)) return 2;
    if (!(error instanceof CliError) && io.env.UC_DEBUG) io.err(String((error as Error).stack));
    return 1;
  }
}

/** An unknown or malformed option, as `node:util` parseArgs reports it, or a command's own usage error. */
function isUsageError(error: unknown): boolean {
  if (error instanceof CliUsageError) return true;
  return typeof (error as { code?: unknown })?.code === "string" && (error as { code: string }).code.startsWith("ERR_PARSE_ARGS_");
}
