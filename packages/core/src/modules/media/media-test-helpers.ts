import type { FastifyInstance } from "fastify";
import type { Actor } from "../../kernel/actor.js";
import { jsonHeaders, testAdminActor } from "../../testing/index.js";

/** The smallest bytes a PNG sniffer accepts, padded. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
/** The smallest bytes a JPEG sniffer accepts, padded. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

/** One part of a multipart body: a field, or a file when `filename` is given. */
export interface MultipartPart {
  name: string;
  value: string | Buffer;
  filename?: string;
}

/** A multipart body by hand: inject takes a buffer and the boundary header. */
export function multipart(parts: MultipartPart[]) {
  const boundary = "----uc-test-boundary";
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}\r\n${part.filename ? "Content-Type: application/octet-stream\r\n" : ""}\r\n`,
    ),
    Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
    Buffer.from("\r\n"),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Uploads through `POST /api/media/upload` and answers status and parsed body. */
export async function uploadMedia(app: FastifyInstance, parts: MultipartPart[], actor: Actor = testAdminActor) {
  const body = multipart(parts);
  const { "content-type": _json, ...headers } = jsonHeaders(actor);
  const response = await app.inject({
    method: "POST",
    url: "/api/media/upload",
    headers: { ...headers, "content-type": body.contentType },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() };
}
