/**
 * JSON already written (cached catalog includes, for one): spliced into answers as it is rather than
 * parsed into objects and serialized again. A route may return one as its whole answer, the envelope
 * included; it then skips the serializer, so its output schema only documents it and the route's tests
 * must hold the text to that schema.
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
  return new JsonText(
    meta === undefined ? `{"data":${data.text}}` : `{"data":${data.text},"meta":${JSON.stringify(meta)}}`,
  );
}
