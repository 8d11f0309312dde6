import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { ApiProvider, type ApiClient } from "../api/api-context.js";
import { ApiError } from "../api/client-shim.js";

/** A recorded call of the fake API. */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { data: unknown; meta?: Record<string, unknown> } | ApiError;

/**
 * A fake API answering by `"METHOD /path"` (an ApiError answer is thrown), recording every call. Component
 * tests use it instead of a server; the e2e tests cover the real one.
 */
export function fakeApi(answers: Record<string, Answer | ((body: unknown) => Answer)>): ApiClient & { calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  const call =
    (method: string) =>
    async (path: string, init: { body?: unknown } = {}) => {
      calls.push({ method, path, body: init.body });
      const entry = answers[`${method} ${path}`];
      if (!entry) throw new ApiError({ status: 404, code: "NOT_FOUND", message: `no fake for ${method} ${path}` });
      const answer = typeof entry === "function" ? entry(init.body) : entry;
      if (answer instanceof ApiError) throw answer;
      return answer as never;
    };
  return { calls, get: call("GET"), post: call("POST"), put: call("PUT"), patch: call("PATCH"), delete: call("DELETE") };
}

/** Renders `ui` with Mantine, a fresh query cache and `api`. */
export function renderWithProviders(ui: ReactElement, { api }: { api: ApiClient }): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <ApiProvider client={api}>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </ApiProvider>
    </MantineProvider>,
  );
}

/** A get-session answer for a member holding `permissions`. */
export function sessionWith(permissions: string[], role = "staff") {
  return {
    data: {
      session: { id: "s1", organizationId: "default", expiresAt: "2030-01-01T00:00:00Z", createdAt: "2026-01-01T00:00:00Z" },
      user: { id: "u1", email: "member@shop.example", name: "Member", emailVerified: true },
      role,
      permissions,
      twoFactorEnabled: false,
    },
  };
}
