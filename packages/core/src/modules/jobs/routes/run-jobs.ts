import { z } from "zod";
import { router } from "../../../http/router.js";
import { AppError } from "../../../kernel/app-error.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { hasPermission } from "../../../kernel/permissions.js";

const runQuery = z.object({
  queue: z.string().min(1).max(100).default("default"),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
});

const runSummary = z.object({
  processed: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  retried: z.number().int(),
});

export const runJobs = ({ services, config }: RouteContext) => {
  const isProduction = config.environment === "production";
  return router("Jobs", "/jobs")
    .get("/run", {
      summary: "Process due jobs (a cron target)",
      description:
        "Claims up to `limit` due jobs of `queue`, every organization's, and runs them. In production it needs an API key with `*:*`; elsewhere anyone may call it.",
    })
    .query(runQuery)
    .output(runSummary)
    .handler(async ({ query, actor }) => {
      if (isProduction) {
        if (!actor) throw new AppError("UNAUTHORIZED");
        if (actor.type !== "apiKey" || !hasPermission(actor, "*:*")) {
          throw AppError.forbidden("Running jobs needs an API key with *:*");
        }
      }
      return { data: await services.jobs.run(query) };
    })
    .build();
};
