import type { FastifyRequest } from "fastify";
import type {} from "@fastify/multipart";
import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { importErrors } from "../catalog-import-errors.js";
import { importSchema } from "../catalog-import-schemas.js";
import type { ImportFormat } from "../import-rows.js";

/** Largest upload read, streamed or multipart. @default 1 GiB */
export const MAX_IMPORT_BYTES = 1024 * 1024 * 1024;

/** Content types of a streamed body, and the format each means. */
export const STREAMED_IMPORT_TYPES: Readonly<Record<string, ImportFormat>> = {
  "text/csv": "csv",
  "application/csv": "csv",
  "application/x-ndjson": "ndjson",
  "application/ndjson": "ndjson",
  "application/jsonl": "ndjson",
  "application/x-jsonlines": "ndjson",
};

const query = z.object({
  /** Overrides the format the content type or file name implies. */
  format: z.enum(["ndjson", "csv"]).optional(),
});

/** Counts bytes as they pass and stops the upload past the limit (413), without buffering it. */
async function* limited(body: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) throw importErrors.tooLarge(maxBytes);
    yield chunk;
  }
}

/** Rethrows @fastify/multipart's size error as the API's 413. */
async function* multipartFile(file: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* file;
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw importErrors.tooLarge(MAX_IMPORT_BYTES);
    throw error;
  }
}

const formatOfName = (name: string): ImportFormat | undefined =>
  /\.csv$/i.test(name) ? "csv" : /\.(ndjson|jsonl)$/i.test(name) ? "ndjson" : undefined;

/** The upload as a byte stream, with its format and file name. */
async function openUpload(
  request: FastifyRequest,
  requested: ImportFormat | undefined,
): Promise<{ body: AsyncIterable<Uint8Array>; format: ImportFormat; filename: string | null }> {
  if (request.isMultipart()) {
    const part = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 0 } });
    if (!part || part.fieldname !== "file")
      throw importErrors.unreadable("send the import as a multipart field named file");
    const format = requested ?? formatOfName(part.filename) ?? STREAMED_IMPORT_TYPES[part.mimetype];
    if (!format) throw importErrors.unsupportedType();
    return { body: multipartFile(part.file), format, filename: part.filename.slice(0, 500) || null };
  }
  const contentType = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const format = STREAMED_IMPORT_TYPES[contentType];
  if (!format) throw importErrors.unsupportedType();
  return { body: limited(request.raw, MAX_IMPORT_BYTES), format: requested ?? format, filename: null };
}

export const startImportRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .post("/import", {
      summary: "Import catalog entities in bulk (NDJSON or CSV)",
      description: [
        "The body streams in as `application/x-ndjson` (one entity per line) or `text/csv` (one row per variant;",
        "rows of one `handle` in a row form an entity), or as multipart/form-data with a `file` field (.ndjson,",
        ".jsonl, .csv). Every row is validated while it arrives; rows that fail are listed with their line numbers and",
        "write nothing. Answers 202 with the import; its job writes batches of 500 entities, one short transaction",
        "each, and `GET /catalog/import/{id}` shows the progress. Re-running a file updates by slug and variant",
        "options (SKUs stay unique), never duplicates. A body that is not the format it claims answers 422 and stores",
        "nothing. See the README for the row format.",
      ].join(" "),
    })
    .permission("catalog:import")
    .multipart()
    .query(query)
    .output(importSchema)
    .status(202)
    .handler(async ({ request, query: { format }, organizationId, actor }) => {
      const upload = await openUpload(request, format);
      return { data: await services.catalogImport.startImport(organizationId, { ...upload, actor }) };
    })
    .build();
