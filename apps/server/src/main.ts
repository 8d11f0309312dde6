import { mkdirSync } from "node:fs";
import { buildServer } from "./build-server.js";
import { holdDataDir, type DataDirLock } from "./data-dir-lock.js";
import { loadConfig } from "./load-config.js";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";

const config = await loadConfig();
const dataDir = config.database?.url ? undefined : (config.database?.dataDir ?? ".data");
let lock: DataDirLock | undefined;
if (dataDir && !dataDir.startsWith("memory://")) {
  mkdirSync(dataDir, { recursive: true });
  lock = holdDataDir(dataDir);
}
const app = await buildServer(config);
app.addHook("onClose", async () => lock?.release());
await app.listen({ port, host });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, "shutting down");
    void app.close().then(() => process.exit(0));
  });
}
