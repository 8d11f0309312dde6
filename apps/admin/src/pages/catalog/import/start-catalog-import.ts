import type { ResponseData } from "@unified-commerce/client";
import type { ApiClient } from "../../../api/api-context.js";

/** An import as the API answers it: status, counts and the first 1,000 refused rows. */
export type CatalogImport = ResponseData<"/api/catalog/import/{id}", "get">;

/** The formats the import reads. */
export type ImportFormat = CatalogImport["format"];

/** Largest upload the server reads (`MAX_IMPORT_BYTES`, 1 GiB). */
export const MAX_IMPORT_BYTES = 1024 * 1024 * 1024;

/** The format a file's name says, as the server reads it (`.csv`, `.ndjson`, `.jsonl`); null for others. */
export function importFormatOf(fileName: string): ImportFormat | null {
  if (/\.csv$/i.test(fileName)) return "csv";
  if (/\.(ndjson|jsonl)$/i.test(fileName)) return "ndjson";
  return null;
}

/** Why a file cannot be imported, checked before uploading it; null when it can. */
export function importFileProblem(file: { name: string; size: number }): string | null {
  if (!importFormatOf(file.name)) return "Choose a .csv, .ndjson or .jsonl file.";
  if (file.size === 0) return "The file is empty.";
  if (file.size > MAX_IMPORT_BYTES) return "The file is larger than 1 GiB, the most one import reads.";
  return null;
}

/**
 * Uploads `file` as a multipart `file` field and answers the import (202: rows read and checked, writing
 * queued). No Idempotency-Key: the server refuses one on a streamed upload, whose body it cannot compare.
 */
export async function startCatalogImport(api: ApiClient, file: File): Promise<CatalogImport> {
  const format = importFormatOf(file.name) ?? "csv";
  const body = new FormData();
  body.append("file", file, file.name);
  // FormData goes as it is: the browser sets the multipart boundary.
  const { data } = await api.post("/api/catalog/import", { query: { format }, body });
  return data;
}
