/**
 * Starts the studio content app: `PORT` (default 3001), `HOST` (default 127.0.0.1), `PUBLIC_BASE_URL`
 * (default `http://localhost:PORT`), `CONTENT_DIR` (default the bundled `content/`). Outside production,
 * content edits are picked up without a restart.
 */
import { fileURLToPath } from "node:url";
import { ContentError } from "@unified-commerce/content-api";
import { buildContentApp } from "./build-content-app.js";

const port = Number(process.env.PORT ?? 3001);
const host = process.env.HOST ?? "127.0.0.1";
const isProduction = process.env.NODE_ENV === "production";
const logLevel = process.env.LOG_LEVEL ?? (isProduction ? "warn" : "info");
const contentDir = process.env.CONTENT_DIR ?? fileURLToPath(new URL("../content", import.meta.url));

try {
  const app = await buildContentApp({
    contentDir,
    baseUrl: process.env.PUBLIC_BASE_URL ?? `http://localhost:${port}`,
    watch: !isProduction,
    // `silent` turns the logger off entirely: a silenced pino still costs a child logger per request.
    logger: logLevel === "silent" ? false : { level: logLevel },
  });
  const address = await app.listen({ port, host });
  app.log.info(`studio content at ${address} (content: ${contentDir})`);
  // A parent that forked this process (the benchmark) learns the port, which matters with PORT=0.
  process.send?.({ port: (app.server.address() as { port: number }).port });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
} catch (error) {
  if (error instanceof ContentError) {
    console.error(`Invalid content, not starting: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
