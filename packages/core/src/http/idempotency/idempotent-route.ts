import type { FastifyReply, FastifyRequest, onSendHookHandler } from "fastify";
import { AppError } from "../../kernel/app-error.js";
import type { SecretBox } from "../../kernel/secret-box.js";
import type { IdempotencyClaim, IdempotencyStore, StoredAnswer } from "./idempotency-store.js";
import {
  credentialOf,
  digestBody,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  readIdempotencyKey,
  requestFingerprint,
} from "./idempotency-key.js";

/** A route handler as the HTTP layer registers it. */
export type RouteRun = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * 4xx answers that mean "not now" rather than "not this": a conflict with a concurrent change (a
 * serialization failure is one) and a rate limit. Replaying them would keep refusing a retry that may now
 * succeed, and the refused request wrote nothing, so the key is released instead.
 */
const RETRY_LATER = new Set([409, 429]);

/** Answer headers stored with the body and replayed: what a client reads besides the status and body. */
const REPLAYED_HEADERS = ["content-type", "location", "set-cookie"] as const;

/**
 * The `Idempotency-Key` layer of POST routes: `guard` wraps a route's handler, `onSend` stores the answer.
 * A request without the header costs a header lookup and a property read, and no async step.
 */
export interface IdempotencyLayer {
  /**
   * The route's handler behind the key: the first request with a key claims it and runs; a retry with
   * the same request replays the stored answer; the same key with another request is a 422; a retry
   * while the first still runs is a 409. Checks made before the handler (authentication, permissions,
   * validation) refuse before any key is claimed, so those answers are never stored.
   */
  guard(run: RouteRun, options: { isMultipart: boolean }): RouteRun;
  /** Stores the answer of a claimed request (2xx, and 4xx but 409 and 429), or releases its key (anything else). */
  onSend: onSendHookHandler;
}

export function createIdempotencyLayer(store: IdempotencyStore, secrets: SecretBox): IdempotencyLayer {
  const runOnce = async (
    request: FastifyRequest,
    reply: FastifyReply,
    header: string | string[],
    run: RouteRun,
    isMultipart: boolean,
  ) => {
    const key = readIdempotencyKey(header);
    if (isMultipart) {
      throw AppError.validation([
        {
          path: `headers.${IDEMPOTENCY_KEY_HEADER}`,
          message:
            "is not accepted on multipart uploads: their body streams to the handler, so a retry cannot be compared with the first request",
        },
      ]);
    }
    const scope = { organizationId: request.organizationId, credential: credentialOf(request.actor), key };
    // JSON bodies were digested as they were parsed; a raw-body route holds its bytes in `body`.
    const bodyDigest = request.bodyDigest ?? (Buffer.isBuffer(request.body) ? digestBody(request.body) : null);
    const outcome = await store.claim(scope, requestFingerprint(secrets.mac, request.method, request.url, bodyDigest));
    switch (outcome.kind) {
      case "claimed":
        request.idempotencyClaim = outcome.claim;
        return run(request, reply);
      case "replay":
        return replay(reply, outcome.answer);
      case "mismatch":
        throw new AppError("IDEMPOTENCY_KEY_REUSED", {
          message:
            "This Idempotency-Key was used with another request (method, URL or body); send a new key for a new request",
        });
      case "inProgress":
        throw new AppError("CONFLICT", {
          message: "A request with this Idempotency-Key is still running; retry once it has answered",
        });
    }
  };

  const settle = async (claim: IdempotencyClaim, reply: FastifyReply, payload: unknown): Promise<void> => {
    const status = reply.statusCode;
    const isStored =
      ((status >= 200 && status < 300) || (status >= 400 && status < 500 && !RETRY_LATER.has(status))) &&
      isStorablePayload(payload);
    if (!isStored) return store.release(claim);
    return store.complete(claim, { status, headers: replayedHeaders(reply), body: payload ?? "" });
  };

  return {
    guard(run, { isMultipart }) {
      return (request, reply) => {
        const header = request.headers[IDEMPOTENCY_KEY_HEADER];
        return header === undefined ? run(request, reply) : runOnce(request, reply, header, run, isMultipart);
      };
    },
    onSend(request, reply, payload, done) {
      const claim = request.idempotencyClaim;
      if (claim === null) {
        done(null, payload);
        return;
      }
      request.idempotencyClaim = null;
      settle(claim, reply, payload).then(
        () => done(null, payload),
        (error: unknown) => {
          // The handler's work is done and its answer stands: a client told "500" would retry a request
          // that succeeded. The key stays claimed until IDEMPOTENCY_CLAIM_TIMEOUT_MS; retries meanwhile get 409.
          request.log.error(
            { err: error, idempotencyKey: claim.key },
            "could not store the answer of an idempotent request",
          );
          done(null, payload);
        },
      );
    },
  };
}

/** Text answers only: a stream or a buffer cannot be stored as text (no builder route answers one). */
function isStorablePayload(payload: unknown): payload is string | undefined | null {
  return payload === undefined || payload === null || typeof payload === "string";
}

function replayedHeaders(reply: FastifyReply): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return headers;
}

function replay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  reply.status(answer.status).headers(answer.headers).header(IDEMPOTENT_REPLAYED_HEADER, "true");
  return reply.send(answer.body === "" ? undefined : answer.body);
}
