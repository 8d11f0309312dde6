import { type CSSVariablesResolver, createTheme, MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { ApiProvider, type ApiClient } from "./api/api-context.js";
import type { createAppRouter } from "./router.js";

// Mantine's default light shades fail WCAG AA contrast (axe): white on blue.6 and dimmed gray.6 on white
// are about 3.5:1. Shade 8 and gray.7 reach 4.5:1 and more.
export const theme = createTheme({ primaryColor: "blue", primaryShade: { light: 8, dark: 8 }, defaultRadius: "md" });

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Field errors in red.6 are 3.3:1 on white; red.9 is 5.5:1.
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
  },
  dark: {},
});

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
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
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
