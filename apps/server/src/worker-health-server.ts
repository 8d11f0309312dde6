import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Kernel } from "@unified-commerce/core";

/** Extra routes of the health port (the metrics route), by path; answers true when it handled the request. */
export type ExtraRoute = (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;

/**
 * The worker's only listener: `GET /api/health` (liveness: the process runs and the database answers)
 * and `GET /api/health/ready` (readiness: `kernel.readiness()`), with the same paths and bodies as an API
 * process so one probe configuration fits both. No Fastify: two routes do not need a framework.
 */
export async function startWorkerHealthServer({ kernel, port, host, extra }: { kernel: Kernel; port: number; host: string; extra?: ExtraRoute }): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? "/").split("?")[0];
      if (request.method === "GET" && path === "/api/health") {
        try {
          await kernel.database.ping();
          return send(response, 200, { status: "ok", version: kernel.version });
        } catch {
          return send(response, 503, { status: "error", version: kernel.version, database: "unreachable" });
        }
      }
      if (request.method === "GET" && path === "/api/health/ready") {
        const { isReady, reasons } = await kernel.readiness();
        return send(response, isReady ? 200 : 503, { status: isReady ? "ready" : "not-ready", version: kernel.version, reasons });
      }
      if (extra && (await extra(request, response))) return;
      send(response, 404, { error: { code: "NOT_FOUND", message: `Route ${request.method ?? "GET"} ${path ?? "/"} not found` } });
    })().catch((error: unknown) => {
      kernel.logger.error({ err: error }, "health port request failed");
      if (!response.headersSent) send(response, 500, { error: { code: "INTERNAL", message: "Internal error" } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}
