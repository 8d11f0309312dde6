import { z } from "zod";
import { paginate, paginationQuery } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { jobSchema, toJobOutput } from "../jobs-schemas.js";

export const listFailedJobs = ({ services }: RouteContext) =>
  router("Jobs", "/admin/jobs")
    .get("/failed", { summary: "List the organization's failed jobs, newest first" })
    .permission("jobs:admin")
    .query(paginationQuery)
    .output(z.array(jobSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.jobs.listFailed(organizationId, query);
      return { data: items.map(toJobOutput), meta: paginate(query, total) };
    })
    .build();
