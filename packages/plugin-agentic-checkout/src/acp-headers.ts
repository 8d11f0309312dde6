import { AppError, type DocumentedHeader, type RoutePrecondition } from "@unified-commerce/plugin-sdk";
import { SUPPORTED_API_VERSIONS } from "./acp-declarations.js";

/** Printable ASCII, 1 to 255 characters: the spec's key length, and what the idempotency store accepts. */
const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,255}$/;
/** A `Request-Id` worth echoing: short and printable (anything else is dropped, never reflected). */
const REQUEST_ID = /^[\x21-\x7e]{1,200}$/;

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** The headers every Agentic Checkout route documents. */
export const ACP_HEADERS: Record<string, DocumentedHeader> = {
  "api-version": {
    description: [
      `The Agentic Checkout API version the agent speaks: ${SUPPORTED_API_VERSIONS.join(", ")} (400`,
      "unsupported_api_version otherwise).",
    ].join(" "),
    isRequired: true,
    maxLength: 10,
  },
  "request-id": { description: "Correlation id, echoed as `Request-Id` on the answer.", maxLength: 200 },
};

/** `Idempotency-Key` as the POST routes document it (the generic layer's description is replaced). */
export const IDEMPOTENCY_HEADER: Record<string, DocumentedHeader> = {
  "idempotency-key": {
    description: [
      "Required on every POST (400 idempotency_key_required). The same key and body within 24 hours answer the stored",
      "answer again with `Idempotent-Replayed: true`; another body is a 422 idempotency_conflict;",
      "while the first request runs, a 409 idempotency_in_flight with `Retry-After`.",
    ].join(" "),
    isRequired: true,
    maxLength: 255,
  },
};

/**
 * The spec's request headers, checked before the idempotency layer claims a key (so a refusal here is
 * never stored as the key's answer): `Request-Id` and `Idempotency-Key` are echoed on every answer,
 * refusals included; `API-Version` must name a supported version; a POST must carry an `Idempotency-Key`.
 */
export const acpPrecondition: RoutePrecondition = (request, reply) => {
  const requestId = first(request.headers["request-id"]);
  if (requestId !== undefined && REQUEST_ID.test(requestId)) reply.header("request-id", requestId);
  const key = first(request.headers["idempotency-key"]);
  const isKeyValid = key !== undefined && IDEMPOTENCY_KEY.test(key);
  if (isKeyValid) reply.header("idempotency-key", key);
  const version = first(request.headers["api-version"]);
  if (version === undefined || !(SUPPORTED_API_VERSIONS as readonly string[]).includes(version)) {
    throw new AppError("ACP_API_VERSION_UNSUPPORTED", {
      message: `API-Version must be one of ${SUPPORTED_API_VERSIONS.join(", ")}${version === undefined ? "" : `; "${version.slice(0, 20)}" is not supported`}`,
    });
  }
  if (request.method !== "POST") return;
  if (key === undefined) throw new AppError("ACP_IDEMPOTENCY_KEY_REQUIRED");
  if (!isKeyValid || typeof request.headers["idempotency-key"] !== "string")
    throw new AppError("ACP_IDEMPOTENCY_KEY_INVALID");
};
