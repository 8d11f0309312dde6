import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createClient } from "@unified-commerce/client";
import { beforeEach, describe, expect, it } from "vitest";
import { renderWithProviders, sessionWith } from "../../test/render-with-providers.js";
import { ImportPage } from "./import-page.js";
import type { CatalogImport } from "./import/start-catalog-import.js";

const queued: CatalogImport = {
  id: "imp_1",
  status: "queued",
  format: "csv",
  filename: "catalog.csv",
  rowsTotal: 200,
  rowsDone: 0,
  created: 0,
  updated: 0,
  failed: 2,
  errors: [
    { line: 51, reason: "slug: must be lowercase letters, digits and dashes" },
    { line: 151, reason: 'price_eur: "9.999" is not an amount with at most 2 decimals' },
  ],
  ignoredColumns: [],
  createdAt: "2026-11-28T10:00:00Z",
  startedAt: null,
  finishedAt: null,
};

/**
 * A fake server for the import: the shared `fakeApi` reads bodies as JSON, and this one is multipart. It
 * answers the progress route from a list of states, one per poll.
 */
function importServer(progress: CatalogImport[], permissions = ["*:*"]) {
  const uploads: { contentType: string | null; format: string | null; file: FormDataEntryValue | null }[] = [];
  let polls = 0;
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const headers = { "x-request-id": "req_test" };
    if (url.pathname === "/api/auth/get-session") return Response.json(sessionWith(permissions).body, { headers });
    if (request.method === "POST" && url.pathname === "/api/catalog/import") {
      const form = await request.formData();
      uploads.push({
        contentType: request.headers.get("content-type"),
        format: url.searchParams.get("format"),
        file: form.get("file"),
      });
      return Response.json({ data: queued }, { status: 202, headers });
    }
    if (url.pathname === "/api/catalog/import/imp_1") {
      const state = progress[Math.min(polls++, progress.length - 1)];
      return Response.json({ data: state }, { headers });
    }
    return Response.json({ error: { code: "NOT_FOUND", message: "not found" } }, { status: 404, headers });
  };
  return { api: createClient({ baseUrl: "http://admin.test", fetch }), uploads };
}

/** The picker's file input (FileButton renders it hidden, as browsers do). */
const fileInput = (container: HTMLElement) =>
  waitFor(() => {
    const found = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error("no file input yet");
    return found;
  });

const csv = () => new File(["handle,title\nmug,Mug\n"], "catalog.csv", { type: "text/csv" });

describe("ImportPage", () => {
  beforeEach(() => localStorage.clear());

  it("uploads the chosen file, follows the progress, then lists the refused lines", async () => {
    const running = { ...queued, status: "running" as const, rowsDone: 100, created: 99 };
    const completed = { ...queued, status: "completed" as const, rowsDone: 200, created: 198 };
    const server = importServer([running, completed]);
    const { container } = renderWithProviders(<ImportPage />, { api: server.api });
    const input = await fileInput(container);
    await userEvent.upload(input, csv());
    expect(await screen.findByText("catalog.csv")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Start import" }));
    expect(await screen.findByText("Import finished", {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText("198 created, 0 updated, 2 refused.", { exact: false })).toBeTruthy();
    expect(screen.getByText("200 of 200 rows done (100%)")).toBeTruthy();
    const rows = within(screen.getByRole("table", { name: "Refused lines" })).getAllByRole("row");
    expect(rows.slice(1).map((row) => within(row).getAllByRole("cell")[0]?.textContent)).toEqual(["51", "151"]);
    expect(server.uploads).toHaveLength(1);
    expect(server.uploads[0]?.format).toBe("csv");
    expect(server.uploads[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect((server.uploads[0]?.file as File | undefined)?.name).toBe("catalog.csv");
    expect(screen.getByText("Recent imports from this browser")).toBeTruthy();
  });

  it("says who should pick up an import that stays queued", async () => {
    const server = importServer([{ ...queued, createdAt: new Date(Date.now() - 60_000).toISOString() }]);
    const { container } = renderWithProviders(<ImportPage />, { api: server.api });
    const input = await fileInput(container);
    await userEvent.upload(input, csv());
    await userEvent.click(screen.getByRole("button", { name: "Start import" }));
    expect(await screen.findByText(/Still queued: imports are written by the job runner/)).toBeTruthy();
    expect(screen.queryByText("Import finished")).toBeNull();
  });

  it("takes a file dropped on the drop area", async () => {
    const server = importServer([queued]);
    renderWithProviders(<ImportPage />, { api: server.api });
    const area = await screen.findByText("Drop a CSV or NDJSON file here");
    fireEvent.drop(area, { dataTransfer: { files: [csv()] } });
    expect(await screen.findByText("catalog.csv")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Start import" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("refuses a file of another kind before uploading it", async () => {
    const server = importServer([queued]);
    const { container } = renderWithProviders(<ImportPage />, { api: server.api });
    const input = await fileInput(container);
    await userEvent.upload(input, new File(["x"], "catalog.xlsx"), { applyAccept: false });
    expect((await screen.findByRole("alert")).textContent).toBe("Choose a .csv, .ndjson or .jsonl file.");
    expect((screen.getByRole("button", { name: "Start import" }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.uploads).toEqual([]);
  });

  it("tells a member without catalog:import that importing is not theirs to do", async () => {
    const server = importServer([queued], ["catalog:read", "catalog:update"]);
    renderWithProviders(<ImportPage />, { api: server.api });
    expect(await screen.findByText("Importing needs the catalog:import permission.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Start import" })).toBeNull();
  });
});
