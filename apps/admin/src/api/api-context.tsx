import { type CommerceClient, createClient } from "@unified-commerce/client";
import { createContext, type ReactNode, useContext } from "react";

/** The API client every page uses (through {@link useApi}); tests hand in one with a fake `fetch`. */
export type ApiClient = CommerceClient;

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
