import type { RouteContext } from "../../../kernel/contexts.js";
import type { RouteRegistration } from "../../../http/route-registration.js";

/** `GET /analytics/meta` and `POST /analytics/query`. */
export const QUERY_ROUTES: readonly ((context: RouteContext) => readonly RouteRegistration[])[] = [];
