import type { Actor } from "../kernel/actor.js";
import type { IdempotencyClaim } from "./idempotency/idempotency-store.js";
import type { DocumentedHeader, ErrorAnswerFormat } from "./route-registration.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The resolved actor, null when anonymous. Set for every commerce API request. */
    actor: Actor | null;
    /** The organization the request acts on; set before a builder route's handler runs. */
    organizationId: string;
    /** SHA-256 (hex) of the JSON body as read, computed only for requests carrying an `Idempotency-Key`. */
    bodyDigest: string | null;
    /** The idempotency key this request claimed, until its answer is stored or the key released. */
    idempotencyClaim: IdempotencyClaim | null;
  }
  interface FastifyContextConfig {
    /** Routes that must answer without resolving an actor (health, documentation). */
    isPublic?: boolean;
    /** Authentication, permission and organization checks of a builder route. */
    routeGuard?: (request: FastifyRequest) => void | Promise<void>;
    /** POST builder routes: they honour `Idempotency-Key` (and the OpenAPI document says so). */
    isIdempotent?: boolean;
    /** Request headers the route documents (`.header()` of the builder). */
    documentedHeaders?: Record<string, DocumentedHeader>;
    /** The route's own error shape (`.errorAnswer()` of the builder). */
    errorAnswer?: ErrorAnswerFormat;
    /** Multipart routes: their text parts besides `file`, for the OpenAPI document (`.multipart()`). */
    multipartFields?: Record<string, string>;
  }
}
