import { z } from "zod";
import { router } from "../../../../http/router.js";
import { describeReport, REPORTS } from "../report-registry.js";
import { reportDescriptionSchema } from "../report-schemas.js";

export const listReportsRoute = () =>
  router("Analytics", "/analytics")
    .get("/reports", {
      summary: "List the built-in reports",
      description: [
        "Each report's name, what it computes, the query parameters it takes and its columns (money in minor units of",
        "the row's currency).",
      ].join(" "),
    })
    .permission("analytics:read")
    .output(z.array(reportDescriptionSchema))
    .handler(async () => ({ data: REPORTS.map(describeReport) }))
    .build();
