import { createKernel } from "@unified-commerce/core";
import { handleShutdownSignals, shutdownTimingFromEnv } from "./graceful-shutdown.js";
import { loadConfig } from "./load-config.js";
import type { Tracing } from "./tracing.js";
import { startWorkerHealthServer } from "./worker-health-server.js";
import { workerConfig } from "./worker-config.js";

/**
 * The job worker: the same configuration as the API processes, its in-process worker forced on, and no
 * API. Its only listener is the health port (`WORKER_HEALTH_PORT`: liveness, readiness, metrics).
 */
export async function runWorkerProcess({ tracing }: { tracing: Tracing | null }): Promise<void> {
  const port = Number(process.env.WORKER_HEALTH_PORT ?? 3002);
  const host = process.env.HOST ?? "127.0.0.1";

  const config = workerConfig(await loadConfig());
  const kernel = await createKernel({ ...config, database: { ...config.database, lockHolder: "a running worker" } });
  const health = await startWorkerHealthServer({ kernel, port, host });
  handleShutdownSignals({
    kernel,
    // Closing the kernel stops the worker: no new claims, claimed jobs not started go back to pending at
    // once, running ones finish and their results are stored. The health port closes last.
    stop: async () => {
      try {
        await kernel.close();
      } finally {
        await health.close();
        await tracing?.shutdown();
      }
    },
    ...shutdownTimingFromEnv(),
  });
  kernel.logger.info({ port: health.port, queue: config.jobs?.autorun?.queue ?? "default" }, "worker started");
}
