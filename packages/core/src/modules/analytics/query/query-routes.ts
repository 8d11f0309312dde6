import type { RouteContext } from "../../../kernel/contexts.js";
import type { RouteRegistration } from "../../../http/route-registration.js";
import { getAnalyticsMetaRoute } from "./routes/get-analytics-meta.js";
import { runAnalyticsQueryRoute } from "./routes/run-analytics-query.js";

/** `GET /analytics/meta` and `POST /analytics/query`. */
export const QUERY_ROUTES: readonly ((context: RouteContext) => readonly RouteRegistration[])[] = [
  getAnalyticsMetaRoute,
  runAnalyticsQueryRoute,
];
