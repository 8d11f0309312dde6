/**
 * Why an outbound request did not get an answer. `OUTBOUND_TARGET_REFUSED`: the policy refused the
 * address (or the scheme); `OUTBOUND_TARGET_UNRESOLVED`: the name does not exist;
 * `OUTBOUND_TIMEOUT`; `OUTBOUND_RESPONSE_TOO_LARGE`: the answer passed the size limit and was cut;
 * `OUTBOUND_NETWORK`: the connection failed.
 */
export type OutboundErrorCode =
  | "OUTBOUND_TARGET_REFUSED"
  | "OUTBOUND_TARGET_UNRESOLVED"
  | "OUTBOUND_TIMEOUT"
  | "OUTBOUND_RESPONSE_TOO_LARGE"
  | "OUTBOUND_NETWORK";

/**
 * The one error the outbound client throws. Its message is written by the client, never taken from the
 * other side's answer: it may be stored (a delivery's `lastError`) and shown to the store's staff.
 */
export class OutboundError extends Error {
  override readonly name = "OutboundError";
  readonly code: OutboundErrorCode;
  /** What was refused and why, without the prefix (`10.0.0.7 is a private or reserved address`). */
  readonly detail: string;

  constructor(code: OutboundErrorCode, detail: string, options?: { cause?: unknown }) {
    super(code === "OUTBOUND_TARGET_REFUSED" ? `Refused outbound target: ${detail}` : detail, options);
    this.code = code;
    this.detail = detail;
  }

  static refused(detail: string): OutboundError {
    return new OutboundError("OUTBOUND_TARGET_REFUSED", detail);
  }
}

export const isOutboundError = (error: unknown): error is OutboundError => error instanceof OutboundError;
