import { createDatabase, createKernel, type Actor, type CommerceConfig, type Kernel } from "@unified-commerce/core";
import { CliError } from "./cli-error.js";
import { findConfig, loadConfig } from "./load-config.js";

/** Where the CLI writes; tests and embedders pass their own. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
  /** Whether `err` is a terminal: progress bars are drawn only there. */
  isErrTerminal?: boolean;
  /** Redraws the current stderr line (a progress bar); absent where there is no terminal. */
  errLine?(text: string): void;
  /**
   * Loads the configuration file the command was pointed at. Absent (the `uc` binary), the file is
   * imported (`loadConfig`). Embedders and tests that run commands in their own process hand in
   * configurations they build: an imported module is evaluated once per process, and importing moves
   * the whole process into the file's directory.
   */
  loadConfig?(path: string): Promise<CommerceConfig>;
}

/** The configuration a command runs with: `--config`, `COMMERCE_CONFIG` or the one found (`findConfig`). */
export function cliConfig(explicit: string | undefined, io: CliIo): Promise<CommerceConfig> {
  return (io.loadConfig ?? loadConfig)(findConfig(explicit, io.env));
}

/**
 * Boots the configured kernel (migrations included) for one command and closes it afterwards. With
 * the embedded database the data directory is held for the duration; `isReadOnlyConfig` commands that
 * only need the configuration boot on an in-memory database instead, so they work next to a running server.
 */
export async function withKernel<T>(
  options: { config?: string | undefined; io: CliIo; isConfigOnly?: boolean },
  work: (kernel: Kernel, config: CommerceConfig) => Promise<T>,
): Promise<T> {
  const config = await cliConfig(options.config, options.io);
  // The embedded database refuses a directory a running server holds, naming it (core's data-dir lock).
  // A command never runs jobs behind the operator's back: the in-process worker stays off (`uc jobs run` runs them).
  const quiet: CommerceConfig = {
    ...config,
    logLevel: "silent",
    database: { ...config.database, lockHolder: "the uc command" },
    jobs: { ...config.jobs, autorun: { ...config.jobs?.autorun, enabled: false } },
  };
  const isEmbedded = !config.database?.url;
  const database = options.isConfigOnly && isEmbedded ? await createDatabase({ dataDir: "memory://" }) : undefined;
  const kernel = await createKernel(quiet, database ? { database } : {});
  try {
    if (!("apiKeys" in kernel.services))
      throw new CliError(
        "The configuration does not install the auth plugin: add auth() from @unified-commerce/auth to plugins",
      );
    return await work(kernel, kernel.config);
  } finally {
    await kernel.close();
  }
}

/** Throws unless the organization exists. */
export async function assertOrganization(kernel: Kernel, organizationId: string): Promise<void> {
  if (!(await kernel.services.organizations.get(organizationId))) {
    throw new CliError(`Organization "${organizationId}" does not exist (see \`uc org list\`)`);
  }
}

/** The actor the CLI's writes are recorded under (audit log, events): the operator at the console. */
export function cliActor(organizationId: string): Actor {
  return { id: "uc-cli", type: "system", organizationId, permissions: ["*:*"] };
}
