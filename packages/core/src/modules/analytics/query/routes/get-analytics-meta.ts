import { z } from "zod";
import { router } from "../../../../http/router.js";
import type { RouteContext } from "../../../../kernel/contexts.js";
import { analyticsModelInfoSchema } from "../analytics-query-schemas.js";

export const getAnalyticsMetaRoute = ({ services }: RouteContext) =>
  router("Analytics", "/analytics")
    .get("/meta", {
      summary: "List analytics models with their measures and dimensions",
      description: [
        "Every model core and plugins declared: measure names and aggregations, dimension names and types, and the",
        "granularities of time dimensions. Tables and columns are not shown.",
      ].join(" "),
    })
    .permission("analytics:read")
    .output(z.object({ models: z.array(analyticsModelInfoSchema) }))
    .handler(async () => ({ data: { models: services.analyticsQueries.describeModels() } }))
    .build();
