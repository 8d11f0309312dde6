import { fork, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface RunningServer {
  url: string;
  /** The whole message the server sent when it started listening (its port, and anything else it reports). */
  info: Record<string, unknown>;
  /** Process id of the server, e.g. to read its CPU time (`cpuSeconds`). */
  pid: number;
  stop(): Promise<void>;
}

/** The production server's first import, which every benchmark process loads first too (`--import`). */
export const RETAIN_TICK_OBJECT = new URL("../../../apps/server/src/retain-tick-object.ts", import.meta.url).href;

/**
 * Starts a benchmark server script in its own process pinned to CPU 0 (the load generator stays on the
 * other core), and resolves with its URL once it reports the port it listens on.
 */
export function startServer(
  script: string,
  args: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const path = fileURLToPath(new URL(script, import.meta.url));
  const child: ChildProcess = fork(path, [...args], {
    // The production server's first import (apps/server/src/main.ts) goes first here too, so the servers
    // measured hold a tick object as it does (bench/results/kernel.md, 2026-11-23).
    // BENCH_CPU_PROF=<directory> profiles every server (`--cpu-prof`), written when it exits.
    execArgv: [
      "--conditions=source",
      "--import",
      "tsx",
      "--import",
      RETAIN_TICK_OBJECT,
      ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  if (child.pid) pinToCpu(child.pid, 0);
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
    child.once("message", (message) => {
      const info = message as { port: number } & Record<string, unknown>;
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        info,
        pid: child.pid ?? 0,
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

/** User + system CPU seconds a process has used so far (Linux `/proc`); NaN where unavailable. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may contain spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds so far of each process of the PostgreSQL server on this machine, by pid. */
export function postgresCpu(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").startsWith("postgres"))
        byPid.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // exited meanwhile
    }
  }
  return byPid;
}

/**
 * CPU seconds PostgreSQL used since `before` (a {@link postgresCpu} reading): backends started since
 * count from zero; time of backends that exited meanwhile is lost, so this can only undercount.
 */
export function postgresCpuSince(before: ReadonlyMap<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of postgresCpu()) total += seconds - (before.get(pid) ?? 0);
  return total;
}
