import { buildServer } from "./build-server.js";
import { loadConfig } from "./load-config.js";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";

const config = await loadConfig();
// With the embedded database, `uc` and other processes are refused the data directory while we run.
const app = await buildServer({ ...config, database: { ...config.database, lockHolder: "a running server" } });
await app.listen({ port, host });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, "shutting down");
    void app.close().then(() => process.exit(0));
  });
}
