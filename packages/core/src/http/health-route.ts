import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Kernel } from "../kernel/create-kernel.js";

const healthSchema = z.object({
  status: z.enum(["ok", "error"]),
  version: z.string(),
  database: z.literal("unreachable").optional(),
});

const readinessSchema = z.object({
  status: z.enum(["ready", "not-ready"]),
  version: z.string(),
  reasons: z.array(z.enum(["draining", "database-unreachable", "migrations-pending"])),
});

/**
 * `GET /api/health` (liveness): 200 when the database answers, 503 with `database: "unreachable"` when it
 * does not. `GET /api/health/ready` (readiness): 503 while the process drains for shutdown, while the
 * database is unreachable or while migrations are pending, so a load balancer sends it no new traffic;
 * liveness stays 200 while draining, so an orchestrator does not kill a process finishing its requests.
 */
export function registerHealthRoute(app: FastifyInstance, kernel: Kernel): void {
  app.get(
    "/health",
    {
      config: { isPublic: true },
      schema: {
        tags: ["Health"],
        summary: "Liveness and database reachability",
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      try {
        await kernel.database.ping();
        return { status: "ok", version: kernel.version };
      } catch (error) {
        request.log.warn({ err: error }, "health check: database unreachable");
        return reply.status(503).send({ status: "error", version: kernel.version, database: "unreachable" });
      }
    },
  );
  app.get(
    "/health/ready",
    {
      config: { isPublic: true },
      schema: {
        tags: ["Health"],
        summary: "Readiness: not draining, database reachable, migrations applied",
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const { isReady, reasons } = await kernel.readiness();
      return reply
        .status(isReady ? 200 : 503)
        .send({ status: isReady ? "ready" : "not-ready", version: kernel.version, reasons });
    },
  );
}
