import type { ImportLine } from "./import-lines.js";

/** One CSV record: the line it starts on and its fields, or why it cannot be read. */
export type CsvRecord =
  | { line: number; fields: string[]; error?: undefined }
  | { line: number; fields?: undefined; error: string };

/** Longest record (a quoted field may span lines), in characters. */
const MAX_RECORD_CHARS = 1024 * 1024;

/**
 * RFC 4180 records over the upload's lines: comma-separated, fields quoted with `"` (a doubled `""`
 * inside is one quote), a quoted field may hold commas and line breaks. A record that cannot be read
 * (a quote that never closes, text after a closing quote) is reported with its first line and skipped.
 */
export async function* csvRecords(lines: AsyncIterable<ImportLine>): AsyncGenerator<CsvRecord> {
  let pending: { line: number; text: string } | undefined;
  for await (const current of lines) {
    if (current.error !== undefined) {
      // A broken line inside an open quoted field breaks that record too.
      yield { line: pending?.line ?? current.line, error: current.error };
      pending = undefined;
      continue;
    }
    const text = pending ? `${pending.text}\n${current.text}` : current.text;
    const line = pending?.line ?? current.line;
    const parsed = parseRecord(text);
    if (parsed === "open") {
      if (text.length > MAX_RECORD_CHARS) {
        yield { line, error: "a quoted field is not closed" };
        pending = undefined;
      } else {
        pending = { line, text };
      }
      continue;
    }
    pending = undefined;
    if (typeof parsed === "string") yield { line, error: parsed };
    else if (!(parsed.length === 1 && parsed[0] === "")) yield { line, fields: parsed };
  }
  if (pending) yield { line: pending.line, error: "a quoted field is not closed" };
}

/** The fields of one record's text; `"open"` while a quoted field goes on past the text; a message when malformed. */
function parseRecord(text: string): string[] | "open" | string {
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    if (text[at] === '"') {
      let value = "";
      at += 1;
      for (;;) {
        const quote = text.indexOf('"', at);
        if (quote === -1) return "open";
        value += text.slice(at, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          at = quote + 2;
          continue;
        }
        at = quote + 1;
        break;
      }
      fields.push(value);
      if (at === text.length) return fields;
      if (text[at] !== ",") return `unexpected text after a closing quote in field ${fields.length}`;
      at += 1;
    } else {
      const comma = text.indexOf(",", at);
      const end = comma === -1 ? text.length : comma;
      const value = text.slice(at, end);
      if (value.includes('"')) return `a quote inside an unquoted field ${fields.length + 1}`;
      fields.push(value);
      if (comma === -1) return fields;
      at = comma + 1;
    }
  }
}
