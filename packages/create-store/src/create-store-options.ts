import { parseArgs } from "node:util";
import type { DatabaseChoice } from "./templates/project-files.js";

/** A mistake in the command line: printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** A failure the user can fix (a non-empty directory, an unreleased template): one line, exit code 1. */
export class CreateStoreError extends Error {
  override readonly name = "CreateStoreError";
}

/** What the command line said; anything absent is asked, or defaulted under `--yes`. */
export interface GivenOptions {
  directory?: string;
  template?: string;
  database?: DatabaseChoice;
  install?: boolean;
  yes: boolean;
  help: boolean;
}

export const USAGE = `Usage: create-store [directory] [options]

  --template <name>     minimal (default), marketplace or pos
  --database <where>    embedded (default: PostgreSQL in-process, data in .data) or a postgres:// URL
  --no-install          write the files only; install later with your package manager
  -y, --yes             take the defaults for everything not given, without asking
  -h, --help            this text

Without options it asks. It never writes into a directory that is not empty.`;

export function parseCreateStoreArgs(argv: readonly string[]): GivenOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        template: { type: "string", short: "t" },
        database: { type: "string", short: "d" },
        install: { type: "boolean" },
        yes: { type: "boolean", short: "y" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
      allowNegative: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split("\n")[0]);
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) throw new UsageError(`One directory, please; got ${positionals.join(", ")}`);
  return {
    ...(positionals[0] ? { directory: positionals[0] } : {}),
    ...(values.template === undefined ? {} : { template: values.template }),
    ...(values.database === undefined ? {} : { database: parseDatabase(values.database) }),
    ...(values.install === undefined ? {} : { install: values.install }),
    yes: values.yes ?? false,
    help: values.help ?? false,
  };
}

/** `embedded`, or a PostgreSQL connection URL. */
export function parseDatabase(value: string): DatabaseChoice {
  if (value === "embedded") return { kind: "embedded" };
  const problem = postgresUrlProblem(value);
  if (problem) throw new UsageError(`--database ${problem}`);
  return { kind: "postgres", url: value };
}

/** Why `value` is not a PostgreSQL URL, or null. */
export function postgresUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `must be "embedded" or a postgres:// URL, got "${value}"`;
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:")
    return `must be "embedded" or a postgres:// URL, got a ${url.protocol} URL`;
  if (!url.hostname) return "URL has no host";
  return null;
}

/** An npm package name from a directory name: `My Store!` → `my-store`. */
export function packageNameOf(directoryName: string): string {
  const name = directoryName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, "-")
    .replace(/^[._-]+|-+$/g, "");
  return name || "my-store";
}
