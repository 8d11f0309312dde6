import type { CommerceConfig } from "@unified-commerce/core";
import type { CliIo } from "../cli-context.js";
import { CliError } from "../cli-error.js";
import { runCli } from "../run-cli.js";
import { channelFixtureConfigFor } from "./channel.config.js";
import { fixtureConfigFor } from "./commerce.config.js";
import { channelFixtureConfig, fixtureConfig, type UcResult } from "./spawn-uc.js";

/** The fixture files `runUc` knows, each built from the test file's environment instead of imported. */
const FIXTURES = new Map<string, (env: NodeJS.ProcessEnv) => CommerceConfig>([
  [fixtureConfig, fixtureConfigFor],
  [channelFixtureConfig, channelFixtureConfigFor],
]);

/**
 * Runs `uc` inside the test process: the same `runCli` the binary runs, with the same arguments (the fixture
 * configuration appended as `--config`), its stdout and stderr captured as a spawned `uc` writes them off a
 * terminal. A spawn costs seconds of tsx and module loading; this costs the command. The fixture is built
 * from `env`, so test files sharing a worker keep their own databases and the working directory stays put.
 */
export async function runUc(env: NodeJS.ProcessEnv, args: readonly string[], config = fixtureConfig): Promise<UcResult> {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    out: (text) => void (stdout += `${text}\n`),
    err: (text) => void (stderr += `${text}\n`),
    env,
    isErrTerminal: false,
    errLine: (text) => void (stderr += `\r\u001b[2K${text}`),
    loadConfig: async (path) => {
      const build = FIXTURES.get(path);
      if (!build) throw new CliError(`runUc knows the fixture configurations only, not ${path}`);
      return build(env);
    },
  };
  const code = await runCli([...args, "--config", config], io);
  return { code, stdout, stderr };
}
