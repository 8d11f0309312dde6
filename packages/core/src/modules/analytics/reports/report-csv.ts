import type { ReportCell, ReportColumn } from "./report-schemas.js";

// A spreadsheet runs a cell that starts with one of these as a formula (tab and carriage return too,
// which some strip first). Report text comes from merchants and customers (titles, SKUs, actor ids).
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

function cell(value: ReportCell): string {
  if (value === null) return "";
  // Numbers are the report's own figures (a negative net is a number, not a formula): written as they are.
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180: a header row of column names, then one record per row, CRLF after each record. */
export function toCsv(columns: readonly ReportColumn[], rows: readonly Record<string, ReportCell>[]): string {
  const lines = [
    columns.map((column) => cell(column.name)),
    ...rows.map((row) => columns.map((column) => cell(row[column.name] ?? null))),
  ];
  return lines.map((fields) => `${fields.join(",")}\r\n`).join("");
}
