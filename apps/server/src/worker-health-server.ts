import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { isMetricsAuthorized, resolveMetricsRoute, type Kernel } from "@unified-commerce/core";

/**
 * The worker's only listener: `GET /api/health` (liveness: the process runs and the database answers)
 * and `GET /api/health/ready` (readiness: `kernel.readiness()`), with the same paths and bodies as an API
 * process so one probe configuration fits both, and the metrics route under the API's rules (path, bearer
 * token, none in production without a token). No Fastify: three routes do not need a framework.
 */
export async function startWorkerHealthServer({
  kernel,
  port,
  host,
}: {
  kernel: Kernel;
  port: number;
  host: string;
}): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const metricsRoute = resolveMetricsRoute(kernel);
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
        return send(response, isReady ? 200 : 503, {
          status: isReady ? "ready" : "not-ready",
          version: kernel.version,
          reasons,
        });
      }
      if (metricsRoute && request.method === "GET" && path === metricsRoute.path) {
        if (!isMetricsAuthorized(request.headers.authorization, metricsRoute.token)) {
          return send(response, 401, {
            error: { code: "UNAUTHORIZED", message: "The metrics route needs its bearer token" },
          });
        }
        const { metrics } = kernel.services;
        const body = await metrics.scrape();
        response.writeHead(200, { "content-type": metrics.contentType });
        response.end(body);
        return;
      }
      send(response, 404, {
        error: { code: "NOT_FOUND", message: `Route ${request.method ?? "GET"} ${path ?? "/"} not found` },
      });
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
