/**
 * JSON already written, usually by PostgreSQL (`array_to_json`): spliced into answers as it is rather than
 * parsed into objects and serialized again. A route returns one as its whole answer (the envelope
 * included); the route's output schema still documents it, and tests hold the text to that schema.
 */
export class JsonText {
  constructor(readonly text: string) {}

  /** The value, for in-process callers that want objects. */
  parse(): unknown {
    return JSON.parse(this.text);
  }
}

/** `{"data":<data>,"meta":<meta>}` with `data` already JSON. */
export function jsonEnvelope(data: JsonText, meta?: Record<string, unknown>): JsonText {
  return new JsonText(meta === undefined ? `{"data":${data.text}}` : `{"data":${data.text},"meta":${JSON.stringify(meta)}}`);
}
