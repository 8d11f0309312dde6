export { runCli, defaultIo } from "./run-cli.js";
export type { CliIo } from "./cli-context.js";
export { CliError } from "./cli-error.js";
