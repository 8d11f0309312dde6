import { parseArgs, type ParseArgsConfig } from "node:util";
import type { CommandOption, CommandOptions, CommandSpec } from "@unified-commerce/core";
import type { ParsedCommand } from "./cli-command.js";

/** Options every command takes besides its own: shown in each `--help`, completed everywhere. */
export const GLOBAL_OPTIONS: Readonly<Record<"config" | "help", CommandOption>> = {
  config: {
    type: "string",
    valueName: "<file>",
    description: "The configuration file",
    default: "COMMERCE_CONFIG, else ./commerce.config.ts, else ./apps/server/commerce.config.ts",
  },
  help: { type: "boolean", short: "h", description: "Show this help" },
};

/**
 * Whether the arguments ask for help (`--help` or `-h` before a `--`), looked for before parsing so that
 * `uc seed --help` answers even beside an option the command would refuse.
 */
export function wantsHelp(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === "--") return false;
    if (arg === "--help" || arg === "-h") return true;
  }
  return false;
}

/**
 * Parses a command's arguments with `node:util` parseArgs, strictly, against its declaration: an unknown
 * option, an option without its value or an undeclared positional throws an `ERR_PARSE_ARGS_*` error
 * (exit status 2). Defaults are the command's to apply: declared ones are only shown in `--help`.
 */
export function parseCommand<O extends CommandOptions>(
  spec: CommandSpec<O>,
  args: readonly string[],
): ParsedCommand<O> {
  const options: NonNullable<ParseArgsConfig["options"]> = {};
  for (const [name, option] of Object.entries({ ...spec.options, ...GLOBAL_OPTIONS })) {
    options[name] = {
      type: option.type,
      ...(option.short ? { short: option.short } : {}),
      ...(option.multiple ? { multiple: true } : {}),
    };
  }
  const { values, positionals } = parseArgs({
    args: [...args],
    options,
    allowPositionals: Boolean(spec.arguments?.length),
    strict: true,
  });
  // parseArgs types its answer from a literal options object; this one is built from the declaration.
  return { values: values as ParsedCommand<O>["values"], positionals };
}
