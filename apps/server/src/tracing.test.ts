import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTracing } from "./tracing.js";
import { processDatabase, type ProcessDatabase } from "./testing/process-database.js";
import { spawnProcess } from "./testing/spawn-process.js";

interface ExportedSpan {
  scope: string;
  name: string;
}

/** An OTLP/HTTP (JSON) trace receiver on loopback: what the collector would get. */
async function startOtlpReceiver(): Promise<{ server: Server; endpoint: string; spans: ExportedSpan[] }> {
  const spans: ExportedSpan[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      if (req.url === "/v1/traces") {
        const parsed = JSON.parse(body) as {
          resourceSpans?: { scopeSpans?: { scope?: { name?: string }; spans?: { name: string }[] }[] }[];
        };
        for (const resource of parsed.resourceSpans ?? []) {
          for (const scoped of resource.scopeSpans ?? [])
            for (const span of scoped.spans ?? []) spans.push({ scope: scoped.scope?.name ?? "", name: span.name });
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans };
}

function get(target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(target, { agent: false }, (response) => {
      response.resume().on("end", () => resolve(response.statusCode ?? 0));
    });
    req.on("error", reject).end();
  });
}

describe("OpenTelemetry tracing", () => {
  let database: ProcessDatabase;
  beforeAll(async () => {
    database = await processDatabase("tracing");
  });
  afterAll(() => database.remove());

  it("is off, and loads nothing, without an OTLP endpoint", async () => {
    expect(await startTracing({}, "test")).toBeNull();
  });

  it("exports the server's request spans (Fastify, HTTP and, on PostgreSQL, pg) to the configured endpoint", async () => {
    const receiver = await startOtlpReceiver();
    const server = spawnProcess("src/main.ts", {
      ...database.env,
      PORT: "0",
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: "100",
    });
    try {
      const listening = await server.waitForLog(
        (line) => typeof line.msg === "string" && line.msg.startsWith("Server listening at http://127.0.0.1"),
      );
      const base = String(listening.msg).replace("Server listening at ", "");
      expect(server.logs.some((line) => line.msg === "tracing to the OTLP endpoint")).toBe(true);
      expect(await get(`${base}/api/health/ready`)).toBe(200);

      await expect
        .poll(
          () =>
            receiver.spans.some(
              (span) => span.scope === "@opentelemetry/instrumentation-http" && span.name === "GET /api/health/ready",
            ),
          { timeout: 20_000, interval: 200 },
        )
        .toBe(true);
      // Fastify's own spans: the request, its hooks and its handler.
      expect(receiver.spans.filter((span) => span.scope === "@fastify/otel").map((span) => span.name)).toEqual(
        expect.arrayContaining(["request", expect.stringMatching(/^handler - /)]),
      );
      if (process.env.TEST_DATABASE_URL)
        await expect
          .poll(() => receiver.spans.some((span) => span.scope === "@opentelemetry/instrumentation-pg"), {
            timeout: 20_000,
            interval: 200,
          })
          .toBe(true);

      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill("SIGKILL");
      receiver.server.close();
    }
  }, 240_000);
});
