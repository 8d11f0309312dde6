import {
  resolveModules,
  type CommandContext,
  type CommandDeclaration,
  type CommerceConfig,
} from "@unified-commerce/core";
import type { CliCommand, ParsedCommand } from "./cli-command.js";
import { assertOrganization, withKernel, type CliIo } from "./cli-context.js";
import { CliError, CliUsageError } from "./cli-error.js";
import { invocationDir } from "./load-config.js";

/**
 * The commands the configured modules declare in their manifests (`commands`), in boot order, wrapped
 * for the CLI's table. A name declared twice, or one a built-in command has, is refused: which of the two
 * `uc x` would run must never depend on plugin order.
 */
export function pluginCommands(config: CommerceConfig, builtIns: readonly CliCommand[]): CliCommand[] {
  // `help` is the CLI's word too (`uc help <command>`), though no command of the table.
  const owners = new Map<string, string>(
    [...builtIns.map((command) => command.name), "help"].map((name) => [name, "the CLI"]),
  );
  const commands: CliCommand[] = [];
  for (const module of resolveModules(config)) {
    for (const declaration of module.commands ?? []) {
      const owner = owners.get(declaration.name);
      if (owner)
        throw new CliError(`The command "uc ${declaration.name}" is declared twice: by ${owner} and by ${module.id}`);
      owners.set(declaration.name, module.id);
      commands.push(pluginCommand(declaration, module.id));
    }
  }
  return commands;
}

function pluginCommand(declaration: CommandDeclaration, source: string): CliCommand {
  const { run, ...spec } = declaration;
  return { ...spec, source, run: (parsed, io) => run(commandContext(parsed, io)) };
}

/** What a plugin's command sees: its input, the CLI's io, and the CLI's kernel, errors and organization rule. */
function commandContext(parsed: ParsedCommand, io: CliIo): CommandContext {
  const config = parsed.values.config;
  return {
    values: parsed.values,
    positionals: parsed.positionals,
    out: (text) => io.out(text),
    err: (text) => io.err(text),
    env: io.env,
    cwd: invocationDir(io.env),
    withKernel: (work) => withKernel({ config, io }, (kernel) => work(kernel)),
    withOrganization: (organizationId, work) =>
      withKernel({ config, io }, async (kernel, resolved) => {
        const id = organizationId ?? resolved.defaultOrganizationId ?? "default";
        await assertOrganization(kernel, id);
        return work(kernel, id);
      }),
    error: (message) => new CliError(message),
    usageError: (message) => new CliUsageError(message),
  };
}
