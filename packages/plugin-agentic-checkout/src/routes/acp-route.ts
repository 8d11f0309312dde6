import type { Actor, RouteBuilder } from "@unified-commerce/plugin-sdk";
import { ACP_PERMISSION } from "../acp-declarations.js";
import { acpErrorAnswer } from "../acp-errors.js";
import { ACP_HEADERS, acpPrecondition, IDEMPOTENCY_HEADER } from "../acp-headers.js";

/** The tag the routes share in the OpenAPI document. */
export const ACP_TAG = "Agentic Checkout";

/**
 * What every Agentic Checkout route shares: the `acp:checkout` permission (the `agent` API-key scope),
 * the spec's headers checked before any key is claimed, its flat errors, and the resource itself as the
 * body (no `{ data }` envelope).
 */
export function acpRoute<P, I, Q, O>(
  builder: RouteBuilder<P, I, Q, Actor | null, O>,
  options: { isPost: boolean },
): RouteBuilder<P, I, Q, Actor, O> {
  const headers = { ...ACP_HEADERS, ...(options.isPost ? IDEMPOTENCY_HEADER : {}) };
  let configured = builder
    .permission(ACP_PERMISSION)
    .precondition(acpPrecondition)
    .errorAnswer(acpErrorAnswer)
    .unwrapped();
  for (const [name, doc] of Object.entries(headers)) configured = configured.header(name, doc);
  return configured;
}
