import { useQuery } from "@tanstack/react-query";
import { useApi } from "../api/api-context.js";

/** `GET /api/auth/get-session`'s answer when signed in. */
export interface Session {
  session: { id: string; organizationId: string; expiresAt: string; createdAt: string };
  user: { id: string; email: string; name: string; emailVerified: boolean };
  role: string | null;
  permissions: string[];
  twoFactorEnabled: boolean;
}

export const SESSION_QUERY_KEY = ["auth", "session"] as const;

/** The signed-in session, or null when signed out. */
export function useSession() {
  const api = useApi();
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async () => (await api.get<Session | null>("/api/auth/get-session")).data,
  });
}
