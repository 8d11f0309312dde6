import type { z } from "zod";
import { findUnsafeInput } from "../../http/unsafe-input.js";
import { csvRecords, type CsvRecord } from "./csv-records.js";
import type { ImportLine } from "./import-lines.js";
import { importEntitySchema, type ImportEntity } from "./catalog-import-schemas.js";
import { importErrors } from "./catalog-import-errors.js";

/** The formats `POST /api/catalog/import` reads. */
export type ImportFormat = "ndjson" | "csv";

/** What reading an upload yields: a valid entity with its (first) line, or a refused row. */
export type ImportRow =
  | { line: number; entity: ImportEntity; reason?: undefined }
  | { line: number; entity?: undefined; reason: string };

/** What the reader learned from the upload's first line before any row. */
export interface ImportPreamble {
  /** CSV columns that are not understood and are ignored. */
  ignoredColumns: string[];
}

/** Names a schema failure the way a person fixing the file reads it: `variants.0.sku: ...`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

/** Validates one candidate row: free of NUL characters and prototype keys, then the row schema. */
function validate(line: number, candidate: unknown): ImportRow {
  const unsafe = findUnsafeInput(candidate, "row");
  if (unsafe) return { line, reason: `${unsafe.path}: ${unsafe.message}` };
  const parsed = importEntitySchema.safeParse(candidate);
  return parsed.success ? { line, entity: parsed.data } : { line, reason: describeIssues(parsed.error) };
}

/**
 * Reads the upload's rows. The first line decides whether the body is the format it claims: an NDJSON
 * body must start with a JSON object, a CSV body with a header naming a `handle` (or `slug`) column;
 * otherwise `IMPORT_UNREADABLE` is thrown before anything is stored. Later lines that cannot be read
 * are refused one by one, with their line numbers.
 */
export async function readImport(
  lines: AsyncIterable<ImportLine>,
  format: ImportFormat,
): Promise<{ preamble: ImportPreamble; rows: AsyncGenerator<ImportRow> }> {
  return format === "ndjson" ? readNdjson(lines) : readCsv(lines);
}

async function readNdjson(
  lines: AsyncIterable<ImportLine>,
): Promise<{ preamble: ImportPreamble; rows: AsyncGenerator<ImportRow> }> {
  const iterator = lines[Symbol.asyncIterator]();
  let first: ImportLine | undefined;
  for (;;) {
    const next = await iterator.next();
    if (next.done) throw importErrors.unreadable("the body holds no rows");
    if (next.value.error !== undefined || next.value.text.trim() !== "") {
      first = next.value;
      break;
    }
  }
  const parse = (line: ImportLine): ImportRow | undefined => {
    if (line.error !== undefined) return { line: line.line, reason: line.error };
    if (line.text.trim() === "") return undefined;
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch {
      return { line: line.line, reason: "the line is not valid JSON" };
    }
    if (typeof value !== "object" || value === null || Array.isArray(value))
      return { line: line.line, reason: "the line is not a JSON object" };
    return validate(line.line, value);
  };
  const firstRow = parse(first);
  if (
    !firstRow ||
    (firstRow.reason !== undefined && /not valid (JSON|UTF-8)|not a JSON object/.test(firstRow.reason))
  ) {
    throw importErrors.unreadable(`line 1 is not a JSON object: send NDJSON, one entity per line`);
  }
  async function* rows(): AsyncGenerator<ImportRow> {
    yield firstRow as ImportRow;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      const row = parse(next.value);
      if (row) yield row;
    }
  }
  return { preamble: { ignoredColumns: [] }, rows: rows() };
}

/** A CSV column after its name is normalized (`Option1 Name`, `option_1_name` → option 1 name). */
type Column =
  | {
      kind: "entity";
      field: "slug" | "type" | "status" | "title" | "description" | "seoTitle" | "seoDescription" | "locale";
    }
  | { kind: "variant"; field: "sku" | "stock" | "warehouse" }
  | { kind: "option"; index: number; part: "name" | "value" }
  | { kind: "price"; currency: string }
  | { kind: "ignored" };

const ALIASES: Record<string, Column> = {
  handle: { kind: "entity", field: "slug" },
  slug: { kind: "entity", field: "slug" },
  product_handle: { kind: "entity", field: "slug" },
  type: { kind: "entity", field: "type" },
  status: { kind: "entity", field: "status" },
  title: { kind: "entity", field: "title" },
  product_title: { kind: "entity", field: "title" },
  description: { kind: "entity", field: "description" },
  body_html: { kind: "entity", field: "description" },
  product_description: { kind: "entity", field: "description" },
  seo_title: { kind: "entity", field: "seoTitle" },
  seo_description: { kind: "entity", field: "seoDescription" },
  locale: { kind: "entity", field: "locale" },
  sku: { kind: "variant", field: "sku" },
  variant_sku: { kind: "variant", field: "sku" },
  stock: { kind: "variant", field: "stock" },
  inventory_quantity: { kind: "variant", field: "stock" },
  variant_inventory_qty: { kind: "variant", field: "stock" },
  variant_inventory_quantity: { kind: "variant", field: "stock" },
  warehouse: { kind: "variant", field: "warehouse" },
};

function columnOf(name: string): Column {
  const normalized = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  const alias = ALIASES[normalized];
  if (alias) return alias;
  const option = /^(?:variant_)?option_?([1-9])_(name|value)$/.exec(normalized);
  if (option) return { kind: "option", index: Number(option[1]), part: option[2] as "name" | "value" };
  const price = /^(?:variant_)?price_([a-z]{3})$/.exec(normalized);
  if (price) return { kind: "price", currency: (price[1] as string).toUpperCase() };
  return { kind: "ignored" };
}

/** Decimal digits of a currency's minor unit (2 for EUR, 0 for JPY, 3 for KWD). */
function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** `19.99` EUR → 1999: CSV prices are written as people read them, in major units. */
function toMinorUnits(text: string, currency: string): number | string {
  const match = /^(\d{1,13})(?:\.(\d+))?$/.exec(text.trim());
  const digits = minorDigits(currency);
  if (!match || (match[2]?.length ?? 0) > digits)
    return `price_${currency.toLowerCase()}: "${text}" is not an amount with at most ${digits} decimals`;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? "").padEnd(digits, "0") || "0");
}

async function readCsv(
  lines: AsyncIterable<ImportLine>,
): Promise<{ preamble: ImportPreamble; rows: AsyncGenerator<ImportRow> }> {
  const iterator = csvRecords(lines)[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw importErrors.unreadable("the body holds no rows");
  const header = first.value.fields;
  const columns = header?.map(columnOf) ?? [];
  if (!header || !columns.some((column) => column.kind === "entity" && column.field === "slug")) {
    throw importErrors.unreadable(
      "line 1 must be a CSV header naming a handle (or slug) column; see the import format in the README",
    );
  }
  const ignoredColumns = header.filter((_name, index) => columns[index]?.kind === "ignored");

  /** Builds one entity from its consecutive rows; the first row carries the entity's fields. */
  const toEntity = (records: { line: number; fields: string[] }[]): ImportRow => {
    const [head] = records as [{ line: number; fields: string[] }];
    const entity: Record<string, string> = {};
    header.forEach((_name, index) => {
      const column = columns[index];
      const value = head.fields[index] ?? "";
      if (column?.kind === "entity" && value !== "") entity[column.field] = value;
    });
    const optionNames: string[] = [];
    const variants: Record<string, unknown>[] = [];
    let hasVariantColumns = false;
    for (const record of records) {
      if (record.fields.length !== header.length)
        return {
          line: record.line,
          reason: `the row has ${record.fields.length} fields; the header has ${header.length}`,
        };
      // A Map: option names are the file's, and `__proto__` must reach validation (refused there) rather than vanish.
      const options = new Map<string, string>();
      const rowPrices: { currency: string; amount: number }[] = [];
      let sku: string | undefined;
      let onHand: string | undefined;
      let warehouse: string | undefined;
      for (const [index, column] of columns.entries()) {
        const value = (record.fields[index] ?? "").trim();
        if (column.kind === "option") {
          // Shopify and Medusa exports name the options on a product's first row only.
          if (column.part === "name" && value !== "") optionNames[column.index] = value;
          if (column.part === "value" && value !== "") {
            const name =
              (
                record.fields[
                  columns.findIndex((c) => c.kind === "option" && c.index === column.index && c.part === "name")
                ] ?? ""
              ).trim() || optionNames[column.index];
            if (!name) return { line: record.line, reason: `option ${column.index} has a value but no name` };
            options.set(name, value);
          }
        } else if (column.kind === "price" && value !== "") {
          const amount = toMinorUnits(value, column.currency);
          if (typeof amount === "string") return { line: record.line, reason: amount };
          rowPrices.push({ currency: column.currency, amount });
        } else if (column.kind === "variant" && value !== "") {
          if (column.field === "sku") sku = value;
          else if (column.field === "stock") onHand = value;
          else warehouse = value;
        }
      }
      const stockLevel = onHand === undefined ? undefined : /^\d{1,10}$/.test(onHand) ? Number(onHand) : undefined;
      if (onHand !== undefined && stockLevel === undefined)
        return { line: record.line, reason: `stock: "${onHand}" is not a whole number of units` };
      if (sku === undefined && options.size === 0 && rowPrices.length === 0 && stockLevel === undefined) continue;
      hasVariantColumns = true;
      variants.push({
        ...(sku === undefined ? {} : { sku }),
        options: Object.fromEntries(options),
        ...(rowPrices.length > 0 ? { prices: rowPrices } : {}),
        ...(stockLevel === undefined ? {} : { stock: [{ warehouse: warehouse ?? "default", onHand: stockLevel }] }),
      });
    }
    const { slug, type, status, locale, title, description, seoTitle, seoDescription } = entity;
    const attributes = title ?? description ?? seoTitle ?? seoDescription;
    const candidate = {
      slug,
      ...(type === undefined ? {} : { type }),
      ...(status === undefined ? {} : { status: status.toLowerCase() }),
      ...(attributes === undefined
        ? {}
        : { attributes: { [locale ?? "en"]: { title, description, seoTitle, seoDescription } } }),
      ...(hasVariantColumns ? { variants } : {}),
    };
    return validate(head.line, candidate);
  };

  const slugIndex = columns.findIndex((column) => column.kind === "entity" && column.field === "slug");
  async function* rows(): AsyncGenerator<ImportRow> {
    let group: { line: number; fields: string[] }[] = [];
    const flush = function* (): Generator<ImportRow> {
      if (group.length > 0) yield toEntity(group);
      group = [];
    };
    for (;;) {
      const next: IteratorResult<CsvRecord> = await iterator.next();
      if (next.done) break;
      const record = next.value;
      if (record.error !== undefined) {
        yield* flush();
        yield { line: record.line, reason: record.error };
        continue;
      }
      const slug = (record.fields[slugIndex] ?? "").trim();
      const groupSlug = group[0] ? (group[0].fields[slugIndex] ?? "").trim() : undefined;
      if (groupSlug !== undefined && slug !== groupSlug) yield* flush();
      group.push({ line: record.line, fields: record.fields });
    }
    yield* flush();
  }
  return { preamble: { ignoredColumns }, rows: rows() };
}
