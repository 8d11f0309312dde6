/**
 * A `Content-Disposition: attachment` header for a download named `filename`: the browser saves it
 * instead of rendering it in the API's origin. `filename` is printable ASCII (anything else, quotes,
 * backslashes, `%` and `;` become `_`, so CR/LF can never split the header); `filename*` (RFC 5987)
 * carries the exact name, percent-encoded UTF-8, for clients that read it.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%;]/g, "_").trim() || "download";
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
