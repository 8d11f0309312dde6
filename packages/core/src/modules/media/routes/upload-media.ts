import type { FastifyRequest } from "fastify";
import type {} from "@fastify/multipart";
import { z } from "zod";
import { router } from "../../../http/router.js";
import { findUnsafeInput } from "../../../http/unsafe-input.js";
import { AppError } from "../../../kernel/app-error.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { mediaAssetSchema } from "../media-schemas.js";

const fields = z.object({
  alt: z.string().max(1_000).optional(),
  derivedFromAssetId: z.uuid().optional(),
  confidence: z.coerce.number().min(0).max(1).optional(),
});

/** Reads the multipart parts: the `file` (within `maxFileSize`, 413 above) and the text fields. */
async function readUpload(
  request: FastifyRequest,
  maxFileSize: number,
): Promise<{ data: Buffer; filename: string; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", { message: "Send multipart/form-data with a file field" });
  let file: { data: Buffer; filename: string } | undefined;
  const values: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxFileSize, files: 1, fields: 10, fieldSize: 10_000 },
    })) {
      if (part.type === "file") {
        if (part.fieldname !== "file")
          throw AppError.validation([{ path: `body.${part.fieldname}`, message: "the file field is named file" }]);
        file = { data: await part.toBuffer(), filename: part.filename };
      } else {
        values[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError("PAYLOAD_TOO_LARGE", { message: `The file is larger than ${maxFileSize} bytes` });
    }
    if ((error as { code?: string }).code === "FST_FILES_LIMIT")
      throw AppError.validation([{ path: "body.file", message: "send one file" }]);
    throw error;
  }
  if (!file || file.data.length === 0) throw AppError.validation([{ path: "body.file", message: "is required" }]);
  // Multipart parts bypass the JSON body parser, so its input rules are applied here (NUL would fail in SQL).
  const unsafe = findUnsafeInput(values, "body") ?? findUnsafeInput(file.filename, "body.file");
  if (unsafe) throw AppError.validation([unsafe]);
  return { ...file, fields: values };
}

export const uploadMediaRoute = ({ services }: RouteContext) =>
  router("Media", "/media")
    .post("/upload", {
      summary: "Upload a media file",
      description: [
        "multipart/form-data: `file` (required; type judged by its bytes: JPEG, PNG, GIF, WebP, AVIF, MP4, PDF;",
        "size limit `media.maxFileSize`, default 10 MB, 413 above), `alt`, optional `derivedFromAssetId` and",
        "`confidence`. Origin is always merchant.",
      ].join(" "),
    })
    .permission("media:write")
    .multipart({
      alt: "Alternative text, at most 1,000 characters",
      derivedFromAssetId: "The asset this one was made from (uuid)",
      confidence: "0 to 1: how sure an automated origin was",
    })
    .output(mediaAssetSchema)
    .status(201)
    .handler(async ({ request, organizationId, actor }) => {
      const upload = await readUpload(request, services.media.maxFileSize);
      const parsed = fields.safeParse(upload.fields);
      if (!parsed.success)
        throw AppError.validation(
          parsed.error.issues.map((issue) => ({ path: `body.${issue.path.join(".")}`, message: issue.message })),
        );
      const asset = await services.media.createAsset(
        organizationId,
        {
          data: upload.data,
          filename: upload.filename,
          alt: parsed.data.alt ?? null,
          origin: "merchant",
          confidence: parsed.data.confidence ?? null,
          derivedFromAssetId: parsed.data.derivedFromAssetId ?? null,
        },
        actor,
      );
      return { data: asset };
    })
    .build();
