import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const packageDir = fileURLToPath(new URL("../..", import.meta.url));
export const fixtureConfig = fileURLToPath(new URL("./commerce.config.ts", import.meta.url));
/** The fixture configuration with the channel connector plugin. */
export const channelFixtureConfig = fileURLToPath(new URL("./channel.config.ts", import.meta.url));

export interface UcResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Spawns the real `uc` (TypeScript through tsx, as `pnpm uc` does) with the fixture configuration (or `config`). */
export function spawnUc(env: NodeJS.ProcessEnv, args: readonly string[], config = fixtureConfig): Promise<UcResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", "src/bin.ts", ...args, "--config", config], { cwd: packageDir, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
