import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { jobSchema, toJobOutput } from "../jobs-schemas.js";

export const retryJob = ({ services }: RouteContext) =>
  router("Jobs", "/admin/jobs")
    .post("/:id/retry", {
      summary: "Re-enqueue a failed job",
      description: [
        "The job goes back to pending, due now, with its attempts reset. 404 unless it is a failed job of the",
        "organization.",
      ].join(" "),
    })
    .permission("jobs:admin")
    .params(z.object({ id: z.uuid() }))
    .output(jobSchema)
    .handler(async ({ params, organizationId }) => ({
      data: toJobOutput(await services.jobs.retry(organizationId, params.id)),
    }))
    .build();
