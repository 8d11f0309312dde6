import { BUILTIN_COMMANDS } from "./builtin-commands.js";
import type { CliCommand } from "./cli-command.js";
import { cliConfig, type CliIo } from "./cli-context.js";
import { CliError, CliUsageError, describeError } from "./cli-error.js";
import { cliVersion } from "./cli-version.js";
import { commandHelp, groupHelp, overviewHelp } from "./command-help.js";
import { completionCommand } from "./completion-command.js";
import { installedCommandHint } from "./installed-command-hint.js";
import { findConfig } from "./load-config.js";
import { parseCommand, wantsHelp } from "./parse-command.js";
import { pluginCommands } from "./plugin-commands.js";

export const defaultIo: CliIo = {
  out: (text) => void process.stdout.write(`${text}\n`),
  err: (text) => void process.stderr.write(`${text}\n`),
  env: process.env,
  isErrTerminal: Boolean(process.stderr.isTTY),
  errLine: (text) => void process.stderr.write(`\r\u001b[2K${text}`),
};

/** Runs one `uc` command; answers the exit code (0 ok, 1 failure, 2 usage). */
export async function runCli(argv: readonly string[], io: CliIo = defaultIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    io.err(`uc: ${describeError(error)}`);
    if (isUsageError(error)) return 2;
    if (!(error instanceof CliError) && io.env.UC_DEBUG) io.err(String((error as Error).stack));
    return 1;
  }
}

/** The plugins' commands, or why there are none to offer (no configuration found, or it failed to load). */
interface PluginTable {
  commands: readonly CliCommand[];
  configPath?: string;
  problem?: unknown;
  isConfigMissing?: boolean;
}

/**
 * One invocation's commands: the built-in ones at once, the configured plugins' on first need (loading
 * the configuration costs an import), so a built-in command runs without it.
 */
function commandTable(argv: readonly string[], io: CliIo) {
  let plugins: Promise<PluginTable> | undefined;
  const completion = completionCommand(async () => [...builtIns, ...(await loadPlugins()).commands]);
  const builtIns: readonly CliCommand[] = [...BUILTIN_COMMANDS, completion];

  async function load(): Promise<PluginTable> {
    let configPath: string;
    try {
      configPath = findConfig(configOption(argv), io.env);
    } catch (error) {
      return { commands: [], problem: error, isConfigMissing: true };
    }
    try {
      return { commands: pluginCommands(await cliConfig(configPath, io), builtIns), configPath };
    } catch (error) {
      return { commands: [], configPath, problem: error };
    }
  }
  const loadPlugins = () => (plugins ??= load());

  return { builtIns, loadPlugins };
}

type CommandTable = ReturnType<typeof commandTable>;

async function dispatch(argv: readonly string[], io: CliIo): Promise<number> {
  const table = commandTable(argv, io);
  const words = leadingWords(argv);
  if (words.length === 0) {
    if (argv[0] === "--version" || argv[0] === "-v") {
      io.out(cliVersion());
      return 0;
    }
    io.out(await overview(table));
    // `uc` alone is a usage error that shows the usage; `uc --help` asked for it.
    return wantsHelp(argv) ? 0 : 2;
  }
  if (words[0] === "help") return help(table, words.slice(1), io);

  const found = findCommand(table.builtIns, words) ?? findCommand(await commandsForLookup(table), words);
  if (found) {
    const args = argv.slice(found.name.split(" ").length);
    if (wantsHelp(args)) {
      io.out(commandHelp(found));
      return 0;
    }
    await found.run(parseFor(found, args), io);
    return 0;
  }

  const all = await commandsForLookup(table);
  const [group = "", action] = words;
  const members = all.filter((command) => command.name.startsWith(`${group} `));
  if (members.length > 0) {
    if (action === undefined && wantsHelp(argv)) {
      io.out(groupHelp(group, members));
      return 0;
    }
    const actions = members.map((command) => command.name.slice(group.length + 1)).join(", ");
    const what = action === undefined ? `"uc ${group}" needs a command` : `unknown command "${group} ${action}"`;
    throw new CliUsageError(`${what}: ${actions} (see \`uc ${group} --help\`)`);
  }
  const { configPath, problem } = await table.loadPlugins();
  const hint = configPath ? installedCommandHint(configPath, group) : undefined;
  if (hint) throw new CliError(hint);
  // Without a configuration no plugin's command is offered: say so, the command may be one of theirs.
  const why = problem ? ` (no plugin's commands are offered: ${describeError(problem)})` : "";
  throw new CliUsageError(`unknown command "${words.slice(0, 2).join(" ")}"; run \`uc help\`${why}`);
}

/** Every command for finding the one typed: a configuration that fails to load fails the command here. */
async function commandsForLookup(table: CommandTable): Promise<readonly CliCommand[]> {
  const plugins = await table.loadPlugins();
  if (plugins.problem && !plugins.isConfigMissing) throw plugins.problem;
  return [...table.builtIns, ...plugins.commands];
}

/** `uc help [command]`: the overview, a command's help or a group's. */
async function help(table: CommandTable, words: readonly string[], io: CliIo): Promise<number> {
  if (words.length === 0) {
    io.out(await overview(table));
    return 0;
  }
  const all = await commandsForLookup(table);
  const found = findCommand(all, words);
  if (found) {
    io.out(commandHelp(found));
    return 0;
  }
  const members = all.filter((command) => command.name.startsWith(`${words[0]} `));
  if (members.length > 0 && words.length === 1) {
    io.out(groupHelp(words[0] ?? "", members));
    return 0;
  }
  throw new CliUsageError(`unknown command "${words.slice(0, 2).join(" ")}"; run \`uc help\``);
}

/** `uc --help`: the built-in commands, and the configured plugins' (or why they are not listed). */
async function overview(table: CommandTable): Promise<string> {
  const plugins = await table.loadPlugins();
  const pluginNote = plugins.problem
    ? `Commands of plugins are not listed: ${describeError(plugins.problem)}`
    : plugins.configPath
      ? `Configuration: ${plugins.configPath}`
      : undefined;
  return overviewHelp({ builtIns: table.builtIns, plugins: plugins.commands, pluginNote });
}

/** The command named by the first two words (`jobs list`) or the first one (`migrate`). */
function findCommand(commands: readonly CliCommand[], words: readonly string[]): CliCommand | undefined {
  const [first, second] = words;
  return (
    (second === undefined ? undefined : commands.find((command) => command.name === `${first} ${second}`)) ??
    commands.find((command) => command.name === first)
  );
}

/** The words before the first option: the command's name, then maybe its positionals. */
function leadingWords(argv: readonly string[]): string[] {
  const end = argv.findIndex((arg) => arg.startsWith("-"));
  return argv.slice(0, end === -1 ? argv.length : end);
}

/** `--config <file>` or `--config=<file>` wherever it stands: the plugins' commands depend on it. */
function configOption(argv: readonly string[]): string | undefined {
  for (const [index, arg] of argv.entries()) {
    if (arg === "--") return undefined;
    if (arg === "--config") return argv[index + 1];
    if (arg.startsWith("--config=")) return arg.slice("--config=".length);
  }
  return undefined;
}

/** Parses for `command`; the parser's own message is kept to its first sentence and points at the help. */
function parseFor(command: CliCommand, args: readonly string[]) {
  try {
    return parseCommand(command, args);
  } catch (error) {
    if (!isUsageError(error)) throw error;
    const sentence = describeError(error).split(". ")[0] ?? "";
    throw new CliUsageError(`${sentence} (see \`uc ${command.name} --help\`)`);
  }
}

/** An unknown or malformed option, as `node:util` parseArgs reports it, or a command's own usage error. */
function isUsageError(error: unknown): boolean {
  if (error instanceof CliUsageError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("ERR_PARSE_ARGS_");
}
