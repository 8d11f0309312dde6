/** What the server tells the app at start (`<base>/config.json`, served by `adminApp({ apiBaseUrl })`). */
export interface RuntimeConfig {
  /** The API's base URL; "" when the API is on the app's own origin. */
  apiBaseUrl: string;
}

/** Reads the runtime configuration; without one (Vite's dev server) the API is on the same origin. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch(`${import.meta.env.BASE_URL}config.json`, { cache: "no-cache" });
    if (!response.ok) return { apiBaseUrl: "" };
    const config = (await response.json()) as Partial<RuntimeConfig>;
    return { apiBaseUrl: typeof config.apiBaseUrl === "string" ? config.apiBaseUrl : "" };
  } catch {
    return { apiBaseUrl: "" };
  }
}
