import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a benchmark server script in its own process pinned to CPU 0 (the load generator stays on the
 * other core), and resolves with its URL once it reports the port it listens on.
 */
export function startServer(script: string, args: readonly string[] = [], env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const path = fileURLToPath(new URL(script, import.meta.url));
  const child: ChildProcess = fork(path, [...args], {
    execArgv: ["--conditions=source", "--import", "tsx"],
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  if (child.pid) pinToCpu(child.pid, 0);
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
    child.once("message", (message) => {
      const { port } = message as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners("exit");
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
  });
}

/** Best effort: `taskset` may be missing; the ratios stay meaningful, only noisier. */
export function pinToCpu(pid: number, cpu: number): void {
  import("node:child_process")
    .then(({ spawnSync }) => spawnSync("taskset", ["-cp", String(cpu), String(pid)], { stdio: "ignore" }))
    .catch(() => undefined);
}
