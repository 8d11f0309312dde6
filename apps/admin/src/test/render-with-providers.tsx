import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import { createClient } from "@unified-commerce/client";
import type { ReactElement } from "react";
import { ApiProvider, type ApiClient } from "../api/api-context.js";
import { cssVariablesResolver, theme } from "../app.js";

/** A recorded request of the fake server. */
export interface ApiCall {
  method: string;
  path: string;
  /** The query string's parameters (absent when there were none). */
  query?: Record<string, string>;
  body: unknown;
}

/** What the fake server answers: a status and a JSON body (`{ data }` or `{ error: { code, message } }`). */
export interface FakeAnswer {
  status?: number;
  body: unknown;
}

/**
 * The real API client over a fake `fetch` that answers by `"METHOD /path"` and records every request.
 * Component tests use it instead of a server; the e2e tests cover the real one.
 */
export function fakeApi(
  answers: Record<string, FakeAnswer | ((call: ApiCall) => FakeAnswer)>,
): ApiClient & { calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    const query = Object.fromEntries(url.searchParams);
    const call: ApiCall = { method: request.method, path: url.pathname, ...(url.search ? { query } : {}), body };
    calls.push(call);
    const entry = answers[`${request.method} ${url.pathname}`];
    const answer = typeof entry === "function" ? entry(call) : entry;
    if (!answer)
      return Response.json(
        { error: { code: "NOT_FOUND", message: `no fake for ${request.method} ${url.pathname}` } },
        { status: 404 },
      );
    return Response.json(answer.body, { status: answer.status ?? 200, headers: { "x-request-id": "req_test" } });
  };
  return Object.assign(createClient({ baseUrl: "http://admin.test", fetch }), { calls });
}

/** An error answer in the server's envelope. */
export function errorAnswer(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): FakeAnswer {
  return { status, body: { error: { code, message, ...extra } } };
}

/** Renders `ui` with the app's Mantine theme, a fresh query cache and `api`. */
export function renderWithProviders(ui: ReactElement, { api }: { api: ApiClient }): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <ApiProvider client={api}>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </ApiProvider>
    </MantineProvider>,
  );
}

/** A get-session answer for a member holding `permissions`. */
export function sessionWith(permissions: string[], role = "staff"): FakeAnswer {
  return {
    body: {
      data: {
        session: {
          id: "s1",
          organizationId: "default",
          expiresAt: "2030-01-01T00:00:00Z",
          createdAt: "2026-01-01T00:00:00Z",
          ipAddress: null,
          userAgent: null,
        },
        user: { id: "u1", email: "member@shop.example", name: "Member", emailVerified: true },
        role,
        permissions,
        twoFactorEnabled: false,
      },
    },
  };
}
