import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useApi } from "../api/api-context.js";
import { errorAnswer, type FakeAnswer, fakeApi, renderWithProviders } from "../test/render-with-providers.js";
import { CursorPager } from "./cursor-pager.js";
import { DataTable } from "./data-table.js";
import { useCursorList } from "./use-cursor-list.js";

/** A product list as a page writes it: the typed client, a cursor list, a table and its pager. */
function ProductList() {
  const api = useApi();
  const list = useCursorList({
    queryKey: ["catalog", "entities"],
    fetchPage: (cursor) => api.get("/api/catalog/entities", { query: { limit: 2, ...(cursor ? { cursor } : {}) } }),
  });
  return (
    <DataTable
      caption="Products"
      rows={list.rows}
      getRowKey={(entity) => entity.id}
      columns={[{ key: "slug", header: "Slug", render: (entity) => entity.slug }]}
      isLoading={list.isLoading}
      error={list.error}
      onRetry={list.refetch}
      empty="No product yet."
      footer={<CursorPager pager={list.pager} total={list.pagination?.total} />}
    />
  );
}

function page(slugs: string[], nextCursor: string | null): FakeAnswer {
  return {
    body: {
      data: slugs.map((slug) => ({ id: `id-${slug}`, slug })),
      meta: { pagination: { page: 1, limit: 2, total: 3, totalPages: 2, nextCursor } },
    },
  };
}

describe("DataTable with useCursorList", () => {
  it("pages forward by nextCursor and back through the cursors seen", async () => {
    const api = fakeApi({
      "GET /api/catalog/entities": (call) =>
        call.query?.cursor === "c2" ? page(["crux"], null) : page(["acme", "bolt"], "c2"),
    });
    renderWithProviders(<ProductList />, { api });
    expect(await screen.findByText("acme")).toBeTruthy();
    expect(screen.getByText("Page 1 · 3 in all")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("crux")).toBeTruthy();
    expect(screen.queryByText("acme")).toBeNull();
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByText("acme")).toBeTruthy();
    // One request per page, never more than one at a time; back shows the cached page at once (the test's
    // cache counts it stale at once, so it is revalidated behind the scenes).
    expect(api.calls.map((call) => call.query).slice(0, 2)).toEqual([{ limit: "2" }, { limit: "2", cursor: "c2" }]);
  });

  it("says when the list is empty", async () => {
    const api = fakeApi({ "GET /api/catalog/entities": page([], null) });
    renderWithProviders(<ProductList />, { api });
    expect(await screen.findByText("No product yet.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
  });

  it("shows an error's message and request id, and retries", async () => {
    let calls = 0;
    const api = fakeApi({
      "GET /api/catalog/entities": () =>
        ++calls === 1 ? errorAnswer(500, "INTERNAL_ERROR", "Internal server error") : page(["acme"], null),
    });
    renderWithProviders(<ProductList />, { api });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Internal server error");
    expect(alert.textContent).toContain("req_test");
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("acme")).toBeTruthy();
  });
});
