import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { createRoot } from "react-dom/client";
import { createApiClient } from "./api/api-context.js";
import { createQueryClient } from "./api/query-client.js";
import { loadRuntimeConfig } from "./api/runtime-config.js";
import { App } from "./app.js";
import { currentLocation } from "./auth/safe-redirect.js";
import { SESSION_QUERY_KEY } from "./auth/session.js";
import { createAppRouter } from "./router.js";

const { apiBaseUrl } = await loadRuntimeConfig();
const api = createApiClient(apiBaseUrl);
const queryClient = createQueryClient({
  // The session expired or was revoked: sign in again, then come back here.
  onUnauthorized: () => {
    if (router.state.location.pathname === "/sign-in") return;
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    void router.navigate({ to: "/sign-in", search: { redirect: currentLocation() } });
  },
});
const router = createAppRouter({ queryClient, api });

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(<App api={api} queryClient={queryClient} router={router} />);
