/** A file type recognised by its first bytes. */
export interface DetectedType {
  mimeType: string;
  extension: string;
}

const startsWith = (data: Buffer, bytes: readonly number[], offset = 0) =>
  bytes.every((byte, index) => data[offset + index] === byte);
const ascii = (data: Buffer, start: number, end: number) => data.subarray(start, end).toString("latin1");

/**
 * The type of a file from its magic bytes, never from its name or the client's content type, so a
 * script renamed to `.png` is refused. Null when it is none of the accepted types.
 */
export function detectFileType(data: Buffer): DetectedType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { mimeType: "image/jpeg", extension: "jpg" };
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mimeType: "image/png", extension: "png" };
  if (ascii(data, 0, 6) === "GIF87a" || ascii(data, 0, 6) === "GIF89a")
    return { mimeType: "image/gif", extension: "gif" };
  if (ascii(data, 0, 4) === "RIFF" && ascii(data, 8, 12) === "WEBP")
    return { mimeType: "image/webp", extension: "webp" };
  if (ascii(data, 0, 5) === "%PDF-") return { mimeType: "application/pdf", extension: "pdf" };
  if (ascii(data, 4, 8) === "ftyp") {
    const brand = ascii(data, 8, 12);
    if (brand === "avif" || brand === "avis") return { mimeType: "image/avif", extension: "avif" };
    if (["isom", "iso2", "mp41", "mp42", "avc1", "M4V "].includes(brand))
      return { mimeType: "video/mp4", extension: "mp4" };
  }
  return null;
}
