/** One physical line of an upload: its number (from 1) and text, or why it cannot be read. */
export type ImportLine =
  | { line: number; text: string; error?: undefined }
  | { line: number; text?: undefined; error: string };

/** Longest line read, in bytes; longer ones are reported and skipped without being buffered. @default 1 MiB */
export const MAX_LINE_BYTES = 1024 * 1024;

const NEWLINE = 0x0a;

/**
 * Splits a byte stream into lines without holding more than one line in memory, so a 100 MB upload is
 * read as it arrives. Each line is decoded strictly as UTF-8 (a bad sequence is that line's error, not
 * a replacement character stored in the catalog); a trailing `\r` and a leading byte-order mark are dropped.
 */
export async function* importLines(
  body: AsyncIterable<Uint8Array>,
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<ImportLine> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let parts: Buffer[] = [];
  let size = 0;
  let isTooLong = false;
  let line = 0;
  const finish = (): ImportLine => {
    line += 1;
    if (isTooLong) return { line, error: `the line is longer than ${maxLineBytes} bytes` };
    let bytes = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
    if (bytes.at(-1) === 0x0d) bytes = bytes.subarray(0, -1);
    if (line === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    try {
      return { line, text: decoder.decode(bytes) };
    } catch {
      return { line, error: "the line is not valid UTF-8" };
    }
  };
  const take = (chunk: Buffer) => {
    if (isTooLong) return;
    size += chunk.length;
    if (size > maxLineBytes) {
      isTooLong = true;
      parts = [];
      return;
    }
    parts.push(chunk);
  };
  for await (const raw of body) {
    const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    let start = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, start)) {
      take(chunk.subarray(start, at));
      yield finish();
      parts = [];
      size = 0;
      isTooLong = false;
      start = at + 1;
    }
    if (start < chunk.length) take(chunk.subarray(start));
  }
  if (size > 0 || isTooLong) yield finish();
}
