import { router } from "../../../../http/router.js";
import type { RouteContext } from "../../../../kernel/contexts.js";
import { analyticsQueryInput, analyticsRowSchema } from "../analytics-query-schemas.js";
import { z } from "zod";

export const runAnalyticsQueryRoute = ({ services }: RouteContext) =>
  router("Analytics", "/analytics")
    .post("/query", {
      summary: "Run an analytics query",
      description: [
        "Measures of one model, grouped by dimensions and an optional time bucket (in `timezone`, default",
        "`settings.general.timezone`), filtered, ordered and limited. Only names the model declares are accepted (422",
        "naming any other); values are bound parameters; rows are the caller's organization's only.",
        "Answers `data` (one object per group, member name to value) and `meta` (`hasMore` when more groups matched",
        "than `limit`). 503 ANALYTICS_QUERY_TIMEOUT past `analytics.statementTimeoutMs`.",
      ].join(" "),
    })
    .permission("analytics:read")
    .input(analyticsQueryInput)
    .output(z.array(analyticsRowSchema))
    .handler(async ({ input, organizationId }) => services.analyticsQueries.query(organizationId, input))
    .build();
