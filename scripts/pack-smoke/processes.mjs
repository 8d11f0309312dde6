import { spawn } from "node:child_process";

/** Process groups still running; killed if the smoke test itself ends early, so no server is left behind. */
const running = new Set();
process.once("exit", () => {
  for (const pid of running) killGroup(pid, "SIGKILL");
});

function killGroup(pid, signal) {
  try {
    // Negative pid: the whole group (npm, its shell, tsx, node), since each child is started detached.
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Runs a command to its end; rejects on a non-zero exit or after `timeoutMs`. stderr goes to ours;
 * stdout too, unless `capture` keeps it for the caller.
 */
export function run(command, args, { cwd, env = process.env, capture = false, timeoutMs = 900_000 }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env,
      detached: true,
      stdio: ["ignore", capture ? "pipe" : "inherit", "inherit"],
    });
    running.add(child.pid);
    let stdout = "";
    child.stdout?.on("data", (chunk) => (stdout += chunk.toString()));
    const timer = setTimeout(() => killGroup(child.pid, "SIGKILL"), timeoutMs);
    const line = `${command} ${args.join(" ")} (in ${cwd})`;
    child.once("error", (error) => reject(new Error(`${line}: ${error.message}`)));
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      running.delete(child.pid);
      if (code === 0) resolve({ stdout });
      else
        reject(
          new Error(
            `${line} ${signal ? `was killed (${signal}${signal === "SIGKILL" ? `, over ${timeoutMs / 1000}s` : ""})` : `exited with ${code}`}${capture ? `\n${stdout}` : ""}`,
          ),
        );
    });
  });
}

/**
 * Starts a server and polls `url` until it answers 200 with `{ status: "ok" }`, runs `whileRunning`, then
 * stops the server (SIGTERM to its group, SIGKILL if it lingers) and answers the health body. Rejects, with
 * the server's output, if it exits first, does not answer within `timeoutMs`, or `whileRunning` throws.
 */
export async function startUntilHealthy(command, args, { cwd, env, url, timeoutMs, whileRunning = async () => {} }) {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child.pid);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk.toString()));
  child.stderr.on("data", (chunk) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once("close", (code, signal) => resolve({ code, signal })));
  let exit = null;
  void exited.then((result) => (exit = result));

  const deadline = Date.now() + timeoutMs;
  let body = null;
  try {
    while (!body) {
      if (exit)
        throw new Error(
          `${command} ${args.join(" ")} exited (${exit.signal ?? exit.code}) before ${url} answered:\n${output}`,
        );
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000}s:\n${output}`);
      try {
        const response = await fetch(url);
        const json = await response.json();
        if (response.status !== 200 || json.status !== "ok")
          throw new Error(`${url} answered ${response.status} ${JSON.stringify(json)}:\n${output}`);
        body = json;
      } catch (error) {
        // Refused while the server boots; any answer other than healthy is a failure.
        if (error instanceof Error && error.message.startsWith(url)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    try {
      await whileRunning();
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\nserver output:\n${output}`);
    }
    return body;
  } finally {
    killGroup(child.pid, "SIGTERM");
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 15_000)),
    ]);
    if (!stopped) {
      killGroup(child.pid, "SIGKILL");
      await exited;
    }
    running.delete(child.pid);
  }
}
