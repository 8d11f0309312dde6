import { spawn } from "node:child_process";
import type { PackageManager } from "./package-manager.js";

/** Runs `<manager> install` in the store's directory, its output passed through; rejects on a non-zero exit. */
export function installDependencies(manager: PackageManager, cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(manager, ["install"], { cwd, env, stdio: "inherit", shell: process.platform === "win32" });
    child.on("error", (error) => reject(new Error(`Could not run ${manager} install: ${error.message}`)));
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `${manager} install failed (exit code ${String(code)}); fix the cause and run it again in ${cwd}`,
            ),
          ),
    );
  });
}
