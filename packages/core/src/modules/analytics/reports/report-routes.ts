import type { RouteContext } from "../../../kernel/contexts.js";
import type { RouteRegistration } from "../../../http/route-registration.js";
import { getReportRoute } from "./routes/get-report.js";
import { listReportsRoute } from "./routes/list-reports.js";

/** `GET /analytics/reports` and `GET /analytics/reports/:name`. */
export const REPORT_ROUTES: readonly ((context: RouteContext) => readonly RouteRegistration[])[] = [
  listReportsRoute,
  getReportRoute,
];
