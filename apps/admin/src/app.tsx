import { createTheme, MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { ApiProvider, type ApiClient } from "./api/api-context.js";
import type { createAppRouter } from "./router.js";

const theme = createTheme({ primaryColor: "blue", defaultRadius: "md" });

/** The providers every page relies on: Mantine (light or dark as the system says), the API, queries, routes. */
export function App({
  api,
  queryClient,
  router,
}: {
  api: ApiClient;
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="auto">
        <Notifications position="top-right" />
        <ApiProvider client={api}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ApiProvider>
      </MantineProvider>
    </StrictMode>
  );
}
