import { createKernel } from "@unified-commerce/core";
import { serveKernel } from "./build-server.js";
import { handleShutdownSignals, shutdownTimingFromEnv } from "./graceful-shutdown.js";
import { loadConfig } from "./load-config.js";
import type { Tracing } from "./tracing.js";

/** An API process: the kernel and the HTTP server on `HOST`:`PORT`, until SIGTERM/SIGINT. */
export async function runApiProcess({ tracing }: { tracing: Tracing | null }): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "127.0.0.1";

  const config = await loadConfig();
  // With the embedded database, `uc` and other processes are refused the data directory while we run.
  const kernel = await createKernel({ ...config, database: { ...config.database, lockHolder: "a running server" } });
  const app = await serveKernel(kernel);
  handleShutdownSignals({
    kernel,
    // Closing the server stops accepting, waits for in-flight requests, then closes the kernel (its
    // onClose); the last spans are flushed after that.
    stop: async () => {
      await app.close();
      await tracing?.shutdown();
    },
    ...shutdownTimingFromEnv(),
  });
  if (tracing) kernel.logger.info("tracing to the OTLP endpoint");
  await app.listen({ port, host });
}
