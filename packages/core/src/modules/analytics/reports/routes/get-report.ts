import { z } from "zod";
import { router } from "../../../../http/router.js";
import type { RouteContext } from "../../../../kernel/contexts.js";
import { resolveAnalyticsConfig } from "../../analytics-config.js";
import { toCsv } from "../report-csv.js";
import { prefersCsv } from "../report-format.js";
import { reportQuerySchema, reportResultSchema, REPORT_NAMES } from "../report-schemas.js";
import { runReport } from "../run-report.js";

export const getReportRoute = ({ services, database, config }: RouteContext) => {
  const { statementTimeoutMs } = resolveAnalyticsConfig(config.analytics);
  return router("Analytics", "/analytics")
    .get("/reports/:name", {
      summary: "Run a built-in report",
      description: [
        `Reports: ${REPORT_NAMES.join(", ")} (see GET /analytics/reports for their parameters and columns).`,
        "Days are store days in `settings.general.timezone`; a malformed or impossible date, `from` after `to`, more than 366 days or a parameter the report does not take is a 422.",
        "With `Accept: text/csv` the answer is RFC 4180 CSV (header row, money in minor units, text cells starting with = + - @ prefixed with ') as an attachment named `<name>-<date or from>_<to>.csv`.",
      ].join(" "),
    })
    .permission("analytics:read")
    .params(z.object({ name: z.string().min(1).max(64) }))
    .query(reportQuerySchema)
    .output(reportResultSchema)
    .handler(async ({ params, query, organizationId, request, reply }) => {
      const result = await runReport(
        { database, services, statementTimeoutMs },
        { organizationId, name: params.name, query },
      );
      if (!prefersCsv(request.headers.accept)) return { data: result };
      const range = "date" in result.parameters ? String(result.parameters.date) : `${result.from}_${result.to}`;
      await reply
        .status(200)
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename=${result.name}-${range}.csv`)
        .header("cache-control", "private, no-store")
        .send(toCsv(result.columns, result.rows));
    })
    .build();
};
