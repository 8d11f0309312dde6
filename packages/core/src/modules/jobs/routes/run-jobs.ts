import { z } from "zod";
import { router } from "../../../http/router.js";
import { isOperatorToken } from "../../../http/operator-token.js";
import { AppError } from "../../../kernel/app-error.js";
import type { RouteContext } from "../../../kernel/contexts.js";

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

/** The header that carries `jobs.runToken`; not `Authorization`, which the API reads as a member's bearer token. */
export const JOBS_TOKEN_HEADER = "x-jobs-token";

/**
 * The cron target. The queue claims due jobs of a queue whatever their organization (and the kernel's own
 * tasks, reaping and pruning, act on every organization), so running them is an operator's act: in
 * production only the operator token opens it, never an organization's API key, even one with `*:*`.
 */
export const runJobs = ({ services, config }: RouteContext) => {
  const isProduction = config.environment === "production";
  const token = config.jobs?.runToken;
  return router("Jobs", "/jobs")
    .get("/run", {
      summary: "Process due jobs (a cron target)",
      description: [
        "Claims up to `limit` due jobs of `queue`, every organization's, and runs them. In production it needs the",
        `operator token (\`jobs.runToken\`, \`JOBS_RUN_TOKEN\`) in the \`${JOBS_TOKEN_HEADER}\` header, and is refused`,
        "to everyone when none is configured; elsewhere anyone may call it.",
      ].join(" "),
    })
    .header(JOBS_TOKEN_HEADER, {
      description: "The operator token `jobs.runToken` (required in production)",
      maxLength: 1000,
    })
    .query(runQuery)
    .output(runSummary)
    .precondition((request) => {
      if (!isProduction) return;
      if (!token)
        throw AppError.forbidden("Running jobs over HTTP needs the operator token: set jobs.runToken (JOBS_RUN_TOKEN)");
      const given = request.headers[JOBS_TOKEN_HEADER];
      if (!isOperatorToken(typeof given === "string" ? given : undefined, token)) {
        throw new AppError("UNAUTHORIZED", {
          message: `Running jobs needs the operator token in the ${JOBS_TOKEN_HEADER} header`,
        });
      }
    })
    .handler(async ({ query }) => ({ data: await services.jobs.run(query) }))
    .build();
};
