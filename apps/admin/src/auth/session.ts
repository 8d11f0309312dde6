import { useQuery } from "@tanstack/react-query";
import type { ResponseData } from "@unified-commerce/client";
import type { ApiClient } from "../api/api-context.js";
import { useApi } from "../api/api-context.js";

/** `GET /api/auth/get-session`'s answer when signed in: user, session, role and permissions. */
export type Session = NonNullable<ResponseData<"/api/auth/get-session", "get">>;

export const SESSION_QUERY_KEY = ["auth", "session"] as const;

/** The query of the signed-in session (null when signed out), shared by the hook and the router's guard. */
export function sessionQuery(api: ApiClient) {
  return {
    queryKey: SESSION_QUERY_KEY,
    queryFn: async (): Promise<Session | null> => (await api.get("/api/auth/get-session")).data,
  };
}

/** The signed-in session, or null when signed out. */
export function useSession() {
  return useQuery(sessionQuery(useApi()));
}
