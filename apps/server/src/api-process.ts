import { createKernel } from "@unified-commerce/core";
import { serveKernel } from "./build-server.js";
import { handleShutdownSignals, shutdownTimingFromEnv } from "./graceful-shutdown.js";
import { loadConfig } from "./load-config.js";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";

const config = await loadConfig();
// With the embedded database, `uc` and other processes are refused the data directory while we run.
const kernel = await createKernel({ ...config, database: { ...config.database, lockHolder: "a running server" } });
const app = await serveKernel(kernel);
// Closing the server stops accepting, waits for in-flight requests, then closes the kernel (its onClose).
handleShutdownSignals({ kernel, stop: () => app.close(), ...shutdownTimingFromEnv() });
await app.listen({ port, host });
