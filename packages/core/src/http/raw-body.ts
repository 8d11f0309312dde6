import type { FastifyRequest } from "fastify";
import { parseJsonBody } from "./parse-json-body.js";

type Done = (error: Error | null, body?: unknown) => void;

/** Keeps a body's bytes as they arrived, for routes that verify a signature over them (`.rawBody()`). */
export function keepRawBody(_request: FastifyRequest, body: string | Buffer, done: Done): void {
  done(null, body);
}

/**
 * Keeps a JSON body's bytes too, once they passed the checks every JSON body of the API meets (400 for
 * text that is not JSON; 422 for a NUL, a prototype key or excessive nesting), so a raw route answers
 * malformed JSON exactly as the other routes do. An empty body is no body.
 */
export function keepRawJsonBody(request: FastifyRequest, body: string | Buffer, done: Done): void {
  if (body.length === 0) {
    done(null, undefined);
    return;
  }
  parseJsonBody(request, body, (error) => (error ? done(error) : done(null, body)));
}
