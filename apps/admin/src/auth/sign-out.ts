import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useApi } from "../api/api-context.js";

/** Ends the session, forgets every cached answer (another member may sign in next) and shows sign-in. */
export function useSignOut(): () => Promise<void> {
  const api = useApi();
  const queryClient = useQueryClient();
  const router = useRouter();
  return async () => {
    await api.post("/api/auth/sign-out").catch(() => undefined);
    queryClient.clear();
    await router.navigate({ to: "/sign-in", search: {} });
  };
}
