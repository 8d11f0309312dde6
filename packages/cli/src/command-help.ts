import type { CommandArgument, CommandOption, CommandSpec } from "@unified-commerce/core";
import { GLOBAL_OPTIONS } from "./parse-command.js";

/** The exit codes and configuration every help page ends with. */
const FOOTER = [
  "Exit codes: 0 done, 1 failed (one line on stderr), 2 usage error (unknown command or option).",
  "Every command reads commerce.config.ts (or --config / COMMERCE_CONFIG) and the same environment as the server.",
];

/** `<id>`, `[group]`, `<key=value>...`: an argument as a usage line shows it. */
function argumentUsage(argument: CommandArgument): string {
  const name = argument.required ? `<${argument.name}>` : `[${argument.name}]`;
  return argument.variadic ? `${name}...` : name;
}

/** `--scope <scope>`, `-h, --help`: an option as its help line starts. */
function optionUsage(name: string, option: CommandOption): string {
  const flag = `${option.short ? `-${option.short}, ` : ""}--${name}`;
  if (option.type === "boolean") return flag;
  return `${flag} ${option.valueName ?? (option.choices ? option.choices.join("|") : "<value>")}`;
}

function optionNote(option: CommandOption): string {
  const notes = [
    ...(option.required ? ["required"] : []),
    ...(option.multiple ? ["repeatable"] : []),
    ...(option.choices && option.valueName ? [`one of ${option.choices.join(", ")}`] : []),
    ...(option.default !== undefined ? [`default: ${option.default}`] : []),
  ];
  return notes.length > 0 ? ` (${notes.join("; ")})` : "";
}

/** Rows of two columns, the first padded to the widest. */
function table(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(0, ...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}

/** `uc api-key create --scope <scope> [options]`: the required options spelled out, the rest summed up. */
export function usageLine(spec: CommandSpec): string {
  const required = Object.entries(spec.options)
    .filter(([, option]) => option.required)
    .map(([name, option]) => optionUsage(name, option));
  return ["uc", spec.name, ...required, "[options]", ...(spec.arguments ?? []).map(argumentUsage)].join(" ");
}

/** A command's `--help`: what it does, its arguments, options (defaults), and examples. */
export function commandHelp(spec: CommandSpec): string {
  const lines = [`uc ${spec.name}: ${spec.summary}`, "", `Usage: ${usageLine(spec)}`];
  if (spec.description) lines.push("", ...spec.description.split("\n"));
  if (spec.arguments?.length) {
    lines.push(
      "",
      "Arguments:",
      ...table(spec.arguments.map((argument) => [argumentUsage(argument), argument.description])),
    );
  }
  const options = Object.entries({ ...spec.options, ...GLOBAL_OPTIONS });
  lines.push(
    "",
    "Options:",
    ...table(
      options.map(([name, option]) => [optionUsage(name, option), `${option.description}${optionNote(option)}`]),
    ),
  );
  lines.push(
    "",
    spec.examples.length === 1 ? "Example:" : "Examples:",
    ...spec.examples.map((example) => `  ${example}`),
  );
  return lines.join("\n");
}

/** `uc jobs --help`: the group's commands, each with its summary and first example. */
export function groupHelp(group: string, specs: readonly CommandSpec[]): string {
  const lines = [
    `uc ${group}: ${specs.length} commands`,
    "",
    `Usage: uc ${group} <command> [options]`,
    "",
    "Commands:",
  ];
  lines.push(...table(specs.map((spec) => [spec.name.slice(group.length + 1), spec.summary])));
  lines.push("", "Examples:", ...specs.map((spec) => `  ${spec.examples[0] ?? `uc ${spec.name}`}`));
  lines.push("", `Run \`uc ${group} <command> --help\` for a command's options.`);
  return lines.join("\n");
}

/**
 * `uc --help`: every command with its summary, the plugins' under their own heading (or why they are
 * not listed: no configuration was found, say).
 */
export function overviewHelp(input: {
  builtIns: readonly CommandSpec[];
  plugins: readonly (CommandSpec & { source?: string })[];
  pluginNote?: string | undefined;
}): string {
  const lines = ["Usage: uc <command> [options]", "", "Commands:"];
  const rows = (specs: readonly CommandSpec[]) => specs.map((spec): [string, string] => [spec.name, spec.summary]);
  lines.push(...table(rows(input.builtIns)));
  if (input.plugins.length > 0) lines.push("", "Commands of the configured plugins:", ...table(rows(input.plugins)));
  if (input.pluginNote) lines.push("", input.pluginNote);
  lines.push(
    "",
    "Run `uc <command> --help` (or `uc help <command>`) for its options, defaults and an example.",
    "`uc --version` prints the version.",
    "",
    ...FOOTER,
  );
  return lines.join("\n");
}
