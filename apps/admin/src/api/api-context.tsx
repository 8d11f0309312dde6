import { createContext, useContext, type ReactNode } from "react";
import { createClient } from "./client-shim.js";

/** The API client every page uses (through {@link useApi}); tests hand in their own. */
export type ApiClient = ReturnType<typeof createClient>;

const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error("useApi() needs an <ApiProvider> above it");
  return client;
}

/** The client for a base URL, with the session cookie sent along (also to an API hosted apart). */
export function createApiClient(baseUrl: string): ApiClient {
  return createClient({ baseUrl, credentials: "include" });
}
