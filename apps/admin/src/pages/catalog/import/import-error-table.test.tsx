import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderWithProviders } from "../../../test/render-with-providers.js";
import { ImportErrorTable } from "./import-error-table.js";
import { importIssues } from "./import-issues.js";

const errors = [
  { line: 17, reason: "slug: must be lowercase letters, digits and dashes" },
  { line: 42, reason: "status: Invalid option; variants.0.sku: Too big: expected string to have <=200 characters" },
  { line: 90, reason: "the row has 5 fields; the header has 6" },
];

function cellsOf(row: HTMLElement) {
  return within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
}

describe("importIssues", () => {
  it("splits a reason into one issue per field, and keeps a reason about the whole line whole", () => {
    expect(importIssues(errors)).toEqual([
      { line: 17, field: "slug", message: "must be lowercase letters, digits and dashes" },
      { line: 42, field: "status", message: "Invalid option" },
      { line: 42, field: "variants.0.sku", message: "Too big: expected string to have <=200 characters" },
      { line: 90, field: null, message: "the row has 5 fields; the header has 6" },
    ]);
  });
});

describe("ImportErrorTable", () => {
  it("lists each problem with its line, field and message", () => {
    renderWithProviders(<ImportErrorTable errors={errors} failed={3} />, { api: fakeApi({}) });
    const table = screen.getByRole("table", { name: "Refused lines" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map(cellsOf)).toEqual([
      ["17", "slug", "must be lowercase letters, digits and dashes"],
      ["42", "status", "Invalid option"],
      ["42", "variants.0.sku", "Too big: expected string to have <=200 characters"],
      ["90", "whole line", "the row has 5 fields; the header has 6"],
    ]);
  });

  it("pages a long list and says when the server listed only the first refused rows", async () => {
    const many = Array.from({ length: 1000 }, (_, index) => ({ line: index + 2, reason: "slug: must be lowercase" }));
    renderWithProviders(<ImportErrorTable errors={many} failed={1500} pageSize={50} />, { api: fakeApi({}) });
    expect(screen.getByText("Page 1 · 1000 in all")).toBeTruthy();
    expect(screen.getByText("1500 lines were refused; the first 1000 are listed.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    const firstRow = within(screen.getByRole("table", { name: "Refused lines" })).getAllByRole("row")[1];
    expect(firstRow ? cellsOf(firstRow)[0] : null).toBe("52");
  });

  it("says so when no line was refused", () => {
    renderWithProviders(<ImportErrorTable errors={[]} failed={0} />, { api: fakeApi({}) });
    expect(screen.getByText("No line was refused.")).toBeTruthy();
  });
});
