import type { ApiClient } from "../../../api/api-context.js";

/** How far an upload is: bytes sent of the total (the total is 0 when the browser does not know it). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * A `fetch` over XMLHttpRequest, for the typed client's `fetch` option. `fetch` cannot report upload
 * progress (a streamed request body would, but browsers only stream over HTTP/2 and never with
 * multipart), while `xhr.upload` fires progress events. The client still builds the request (base URL,
 * credentials, idempotency key) and reads the answer (envelope, `ApiError`, 401 handling).
 */
export function progressFetch(onProgress: (progress: UploadProgress) => void) {
  return async (request: Request): Promise<Response> => {
    // The client's Request carries the multipart body with its boundary in content-type.
    const body = request.method === "GET" || request.method === "HEAD" ? null : await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.withCredentials = request.credentials === "include";
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.responseType = "blob";
      xhr.upload.addEventListener("progress", (event) =>
        onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 }),
      );
      xhr.addEventListener("load", () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const colon = line.indexOf(":");
          if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
        }
        resolve(new Response(xhr.response as Blob, { status: xhr.status, statusText: xhr.statusText, headers }));
      });
      // What fetch does on a network failure or an abort, so the client maps it the same way.
      xhr.addEventListener("error", () => reject(new TypeError("Network request failed")));
      xhr.addEventListener("abort", () => reject(new DOMException("The upload was aborted", "AbortError")));
      request.signal.addEventListener("abort", () => xhr.abort());
      xhr.send(body);
    });
  };
}

/** What {@link uploadMedia} takes. */
export interface UploadInput {
  file: File;
  alt: string;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Uploads one file (`POST /api/media/upload`, multipart) through the typed client, reporting progress. No
 * `Idempotency-Key`: the server refuses one on multipart uploads (their body streams to the handler, so a
 * retry cannot be compared with the first request); a double upload is a second asset, never a lost one.
 */
export async function uploadMedia(api: ApiClient, input: UploadInput) {
  const form = new FormData();
  if (input.alt.trim()) form.append("alt", input.alt.trim());
  // Text fields first: the server reads the parts in order and the file is the big one.
  form.append("file", input.file, input.file.name);
  const client = api.with({ fetch: progressFetch(input.onProgress) });
  const { data } = await client.post("/api/media/upload", {
    body: form,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  return data;
}
