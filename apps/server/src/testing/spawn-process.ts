import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const serverDir = fileURLToPath(new URL("../..", import.meta.url));

/** A server or worker process started from its entry file, as `pnpm start` / `pnpm worker` run it. */
export interface SpawnedProcess {
  child: ChildProcess;
  /** Every JSON log line so far. */
  logs: Record<string, unknown>[];
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the first log line `match` accepts (rejects if the process exits first). */
  waitForLog(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
}

/**
 * Runs `entry` (relative to apps/server) with Node and tsx directly, not through the `tsx` command, which
 * would put a parent process between the test's signals and the server.
 */
export function spawnProcess(entry: string, env: Record<string, string>): SpawnedProcess {
  const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", entry], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  let pending = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ msg: line });
      }
    }
    for (const wake of waiters) wake();
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    logs,
    exited,
    stderr: () => stderr,
    waitForLog: (match, timeoutMs = 180_000) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          const found = logs.find(match);
          if (!found) return;
          cleanUp();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanUp();
          reject(new Error(`no matching log line within ${timeoutMs} ms; stderr: ${stderr.slice(-2000)}`));
        }, timeoutMs);
        const onExit = (): void => {
          cleanUp();
          reject(new Error(`process exited before the log line; stderr: ${stderr.slice(-2000)}`));
        };
        const cleanUp = (): void => {
          clearTimeout(timer);
          waiters.delete(check);
          child.off("exit", onExit);
        };
        waiters.add(check);
        child.once("exit", onExit);
        check();
      }),
  };
}
