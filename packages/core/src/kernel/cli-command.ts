import type { ServiceContext } from "./contexts.js";

/**
 * `uc` commands a plugin contributes through its manifest (`commands`). The CLI reads the same shape for
 * its own commands: the parser, `--help`, error messages and shell completion all come from it, so a
 * command is declared once. The CLI names no plugin: it offers the commands of the configured plugins.
 */

/** One option: `--name <value>` (string) or a flag (boolean). */
export interface CommandOption {
  type: "string" | "boolean";
  /** One line for `--help`. */
  description: string;
  /** A one-letter alias (`-n`); `-h` is help's. */
  short?: string;
  /** Repeatable: the values arrive as an array. */
  multiple?: boolean;
  /** The value's placeholder in `--help` (`--scope <scope>`); `<value>` if absent. */
  valueName?: string;
  /**
   * The default as `--help` shows it. The command applies it itself: many defaults are computed (the
   * configuration's organization, a file's extension), which a parser-level default could not express.
   */
  default?: string;
  /** Shown as required in `--help`; the command checks it and chooses the exit code. */
  required?: boolean;
  /** The accepted values, for `--help` and completion; the command checks them. */
  choices?: readonly string[];
}

export type CommandOptions = Record<string, CommandOption>;

/** A positional argument (`<id>`, `<file>`). */
export interface CommandArgument {
  name: string;
  description: string;
  required?: boolean;
  /** Takes every remaining word (`<key=value>...`). */
  variadic?: boolean;
}

type OptionValue<O extends CommandOption> = O["type"] extends "boolean"
  ? O["multiple"] extends true
    ? boolean[]
    : boolean
  : O["multiple"] extends true
    ? string[]
    : string;

/** The parsed options, typed from their declaration; an option not given is absent. */
export type CommandValues<O extends CommandOptions> = { [K in keyof O]?: OptionValue<O[K]> };

/** What a command sees of the booted kernel. */
export type CommandKernel = Pick<ServiceContext, "config" | "services" | "defaultOrganizationId">;

/** What a command's `run` receives: its parsed input, where to write, and the configured kernel on demand. */
export interface CommandContext<O extends CommandOptions = CommandOptions> {
  values: CommandValues<O>;
  /** The positional arguments, in order (only if the command declares `arguments`). */
  positionals: readonly string[];
  /** One line on stdout (`--json` output goes here, nothing else). */
  out(text: string): void;
  /** One line on stderr. */
  err(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
  /** The directory `uc` was run in: resolve relative paths the user typed from here. */
  cwd: string;
  /**
   * Boots the configured kernel (migrations included, the job worker off) for `work` and closes it
   * afterwards. With the embedded database the data directory is held meanwhile.
   */
  withKernel<T>(work: (kernel: CommandKernel) => Promise<T>): Promise<T>;
  /**
   * `withKernel`, in an organization: `organizationId` (say `values.org`), else the configured default;
   * an organization that does not exist is refused with one line before `work` runs.
   */
  withOrganization<T>(
    organizationId: string | undefined,
    work: (kernel: CommandKernel, organizationId: string) => Promise<T>,
  ): Promise<T>;
  /** An error to throw for a failure the user can fix: printed as `uc: <message>`, exit status 1. */
  error(message: string): Error;
  /** An error to throw for a command used wrongly (a missing argument, a malformed value): exit status 2. */
  usageError(message: string): Error;
}

/** What a command declares; `run` is called once the arguments parsed. */
export interface CommandSpec<O extends CommandOptions = CommandOptions> {
  /** The words after `uc`: `"channel connect"` (a group and an action) or one word (`"migrate"`). */
  name: string;
  /** One line for `uc --help`. */
  summary: string;
  /** More about the command for its own `--help`. */
  description?: string;
  arguments?: readonly CommandArgument[];
  /** `--config` and `--help` are added to every command. */
  options: O;
  /** Whole command lines as a person types them, for `--help`: at least one. */
  examples: readonly string[];
}

export interface CommandDeclaration<O extends CommandOptions = CommandOptions> extends CommandSpec<O> {
  run(context: CommandContext<O>): Promise<void>;
}

/** Declares a `uc` command, its options typed in `run` from their declaration. */
export function defineCommand<const O extends CommandOptions>(
  declaration: CommandDeclaration<O>,
): CommandDeclaration<O> {
  return declaration;
}
