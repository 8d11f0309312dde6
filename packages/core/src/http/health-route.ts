import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Kernel } from "../kernel/create-kernel.js";

const healthSchema = z.object({
  status: z.enum(["ok", "error"]),
  version: z.string(),
  database: z.literal("unreachable").optional(),
});

/** `GET /api/health`: 200 when the database answers, 503 with `database: "unreachable"` when it does not. */
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
}
