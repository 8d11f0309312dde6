import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import * as clack from "@clack/prompts";
import { askOptions, withDefaults, type ChosenOptions, type PromptStreams } from "./ask-options.js";
import { CreateStoreError, packageNameOf, parseCreateStoreArgs, UsageError, USAGE } from "./create-store-options.js";
import { installDependencies } from "./install-dependencies.js";
import { detectPackageManager, runBin, runScript, type PackageManager } from "./package-manager.js";
import { readReleaseVersions, type ReleaseVersions } from "./release-versions.js";
import { storeFiles } from "./store-files.js";
import { findTemplate, STORE_TEMPLATES, unavailableReason } from "./store-templates.js";

/** Where create-store reads and writes; tests pass their own. */
export interface CreateStoreIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Whether prompts can be shown (a terminal on stdin and stdout). */
  isInteractive: boolean;
  out(text: string): void;
  err(text: string): void;
  /** Versions to scaffold with; by default the ones released with this create-store. */
  versions?: ReleaseVersions;
  /** Where prompts read keys and draw; by default the process's stdin and stdout. */
  prompt?: PromptStreams;
}

/** What was made, for callers that embed create-store. */
export interface CreatedStore {
  directory: string;
  files: string[];
  options: ChosenOptions;
  packageManager: PackageManager;
  nextCommands: string[];
}

/**
 * `create-store [directory] [options]`: answers the exit code (0 made, 1 refused or failed, 2 usage).
 * Errors are one line on stderr.
 */
export async function runCreateStore(argv: readonly string[], io: CreateStoreIo): Promise<number> {
  try {
    const given = parseCreateStoreArgs(argv);
    if (given.help) {
      io.out(USAGE);
      return 0;
    }
    await createStore(given, io);
    return 0;
  } catch (error) {
    io.err(`create-store: ${(error as Error).message}`);
    if (error instanceof UsageError) return 2;
    if (!(error instanceof CreateStoreError) && io.env.UC_DEBUG) io.err(String((error as Error).stack));
    return 1;
  }
}

async function createStore(given: ReturnType<typeof parseCreateStoreArgs>, io: CreateStoreIo): Promise<CreatedStore> {
  const versions = io.versions ?? (await readReleaseVersions());
  if (given.template !== undefined) {
    const template = findTemplate(given.template);
    if (!template)
      throw new UsageError(
        `--template must be one of ${STORE_TEMPLATES.map((known) => known.name).join(", ")}; got "${given.template}"`,
      );
    const reason = unavailableReason(template, versions.packages);
    if (reason) throw new CreateStoreError(reason);
  }
  // Refuse a non-empty directory before asking anything else about it.
  if (given.directory !== undefined) assertWritable(resolve(io.cwd, given.directory));

  const isAsking = !given.yes && io.isInteractive;
  const streams = io.prompt ?? {};
  if (isAsking) clack.intro("create-store", streams);
  const options = isAsking ? await askOptions(given, versions, streams) : withDefaults(given);
  const directory = resolve(io.cwd, options.directory);
  assertWritable(directory);
  const template = findTemplate(options.template);
  if (!template) throw new UsageError(`Unknown template "${options.template}"`);
  const reason = unavailableReason(template, versions.packages);
  if (reason) throw new CreateStoreError(reason);

  const packageManager = detectPackageManager(io.env);
  const files = storeFiles({
    name: packageNameOf(basename(directory)),
    template,
    database: options.database,
    versions,
    packageManager,
  });
  const isNewDirectory = !existsSync(directory);
  try {
    for (const [path, content] of Object.entries(files)) {
      const target = join(directory, path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, content, path === ".env" ? { mode: 0o600 } : {});
    }
  } catch (error) {
    // Half a store is worse than none: remove what we wrote (the directory was empty or absent).
    if (isNewDirectory) rmSync(directory, { recursive: true, force: true });
    else for (const path of Object.keys(files)) rmSync(join(directory, path), { force: true });
    throw error;
  }
  const shown = relative(io.cwd, directory) || ".";
  io.out(
    `Created a ${template.name} store in ${shown} (${options.database.kind === "embedded" ? "embedded database in .data" : "PostgreSQL from DATABASE_URL in .env"}).`,
  );

  if (options.install) {
    io.out(`Installing dependencies with ${packageManager}…`);
    await installDependencies(packageManager, directory, io.env);
  }
  const nextCommands = [
    ...(shown === "." ? [] : [`cd ${shown.includes(" ") ? JSON.stringify(shown) : shown}`]),
    ...(options.install ? [] : [`${packageManager} install`]),
    runScript(packageManager, "dev"),
  ];
  // A newcomer runs the seed beside the server they just started; the embedded database refuses a second process.
  const seedNote =
    options.database.kind === "embedded"
      ? " (stop the server first: the embedded database serves one process at a time)"
      : "";
  const message = `Next:\n${nextCommands.map((command) => `  ${command}`).join("\n")}\n\n\`${runBin(packageManager, "uc")} seed\` fills it with a demo store${seedNote}; see README.md.`;
  if (isAsking) clack.outro(message, streams);
  else io.out(message);
  return { directory, files: Object.keys(files), options, packageManager, nextCommands };
}

/** Refuses a path that is a file or a directory with anything in it: we never overwrite. */
function assertWritable(directory: string): void {
  if (!existsSync(directory)) return;
  if (!statSync(directory).isDirectory()) throw new CreateStoreError(`${directory} exists and is not a directory`);
  if (readdirSync(directory).length > 0)
    throw new CreateStoreError(`${directory} is not empty; choose a new or empty directory`);
}
