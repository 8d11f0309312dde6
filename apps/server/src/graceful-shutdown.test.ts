import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { processDatabase, type ProcessDatabase } from "./testing/process-database.js";
import { spawnProcess, type SpawnedProcess } from "./testing/spawn-process.js";

// The real `main.ts` and `worker.ts` as separate processes, sent SIGTERM in the middle of their work.
let database: ProcessDatabase;

/** One GET on a fresh connection, so each request is its own and none waits behind another. */
function get(target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(target, { agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const baseEnv = { COMMERCE_CONFIG: "src/testing/slow-work.config.ts", TEST_SLOW_MS: "1500", RATE_LIMIT_MAX: "10000" };

async function slowJobs(): Promise<{ status: string; attempts: number }[]> {
  const opened = await database.open();
  try {
    const result = await sql<{ status: string; attempts: number }>`
      select status, attempts from jobs where task_slug = 'test/slow' order by status`.execute(opened.db);
    return result.rows;
  } finally {
    await opened.close();
  }
}

describe("graceful shutdown of the real processes", () => {
  beforeAll(async () => {
    database = await processDatabase("shutdown");
  });
  afterAll(() => database.remove());

  it("an API process fails readiness, answers every in-flight request, then exits 0 on SIGTERM", async () => {
    const server: SpawnedProcess = spawnProcess("src/main.ts", {
      ...baseEnv,
      ...database.env,
      PORT: "0",
      TEST_SLOW_MS: "4000",
      SHUTDOWN_DRAIN_DELAY_MS: "1000",
    });
    try {
      const listening = await server.waitForLog(
        (line) => typeof line.msg === "string" && line.msg.startsWith("Server listening at http://127.0.0.1"),
      );
      const base = String(listening.msg).replace("Server listening at ", "");
      expect((await get(`${base}/api/health/ready`)).status).toBe(200);
      // No OTLP endpoint configured: tracing stays off.
      expect(server.logs.some((line) => line.msg === "tracing to the OTLP endpoint")).toBe(false);

      // Slower than the drain delay: they are still running when the listener closes.
      const inFlight = Array.from({ length: 8 }, () =>
        get(`${base}/api/test/slow`).catch((error: unknown) => ({ status: -1, body: String(error) })),
      );
      // Only once the server has received all of them: these are the requests a shutdown must not cut.
      await server.waitForLog(
        () =>
          server.logs.filter((line) => (line.req as { url?: string } | undefined)?.url === "/api/test/slow").length ===
          8,
      );
      server.child.kill("SIGTERM");
      await server.waitForLog((line) => line.msg === "shutting down");

      const probe = await get(`${base}/api/health/ready`);
      expect(probe.status).toBe(503);
      expect(JSON.parse(probe.body).reasons).toEqual(["draining"]);
      expect((await get(`${base}/api/health`)).status).toBe(200);

      const answers = await Promise.all(inFlight);
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      for (const answer of answers) expect(JSON.parse(answer.body)).toEqual({ data: { isDone: true } });
      expect(await server.exited).toBe(0);
      await expect(get(`${base}/api/health`)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      server.child.kill("SIGKILL");
    }
  }, 240_000);

  it("a worker finishes its running job, hands back the ones it claimed but did not start, and exits 0", async () => {
    const worker = spawnProcess("src/worker.ts", {
      ...baseEnv,
      ...database.env,
      WORKER_HEALTH_PORT: "0",
      JOBS_CONCURRENCY: "1",
      TEST_ENQUEUE_SLOW_JOBS: "4",
    });
    try {
      const started = await worker.waitForLog((line) => line.msg === "worker started");
      const base = `http://127.0.0.1:${String(started.port)}`;
      expect((await get(`${base}/api/health`)).status).toBe(200);
      await worker.waitForLog((line) => line.msg === "slow job started");
      expect((await get(`${base}/api/health/ready`)).status).toBe(200);
      // The health port also serves the worker's metrics: the queue it drains (claimed jobs, the running
      // one and those prefetched, are "processing").
      const metrics = await get(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      expect(metrics.body).toMatch(/^jobs_queue_depth\{queue="default",status="processing"\} [1-9]\d*$/m);

      worker.child.kill("SIGTERM");
      expect(await worker.exited).toBe(0);
      expect(worker.logs.filter((line) => line.msg === "slow job started")).toHaveLength(1);
      // The running job's result is stored; the others are pending again, their attempt not used.
      expect(await slowJobs()).toEqual([
        { status: "pending", attempts: 0 },
        { status: "pending", attempts: 0 },
        { status: "pending", attempts: 0 },
        { status: "succeeded", attempts: 1 },
      ]);
    } finally {
      worker.child.kill("SIGKILL");
    }
  }, 240_000);
});
