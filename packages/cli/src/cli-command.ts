import type { CommandOptions, CommandSpec, CommandValues } from "@unified-commerce/core";
import type { CliIo } from "./cli-context.js";

/** A command's input once parsed: its options (with `--config`, which every command takes) and positionals. */
export interface ParsedCommand<O extends CommandOptions = CommandOptions> {
  values: CommandValues<O> & { config?: string };
  positionals: string[];
}

/**
 * A command in the CLI's table: the declaration shape plugins use (`CommandSpec`), run with the CLI's own
 * io (progress bars, the full kernel). Built-in commands are written so; a plugin's `CommandDeclaration`
 * is wrapped into one (`pluginCommands`).
 */
export interface CliCommand<O extends CommandOptions = CommandOptions> extends CommandSpec<O> {
  /** Where the command comes from, for `uc --help`: absent for built-ins, the module's id for a plugin's. */
  source?: string;
  run(parsed: ParsedCommand<O>, io: CliIo): Promise<void>;
}

/** Declares a built-in command, its options typed in `run` from their declaration. */
export function cliCommand<const O extends CommandOptions>(command: CliCommand<O>): CliCommand<O> {
  return command;
}
