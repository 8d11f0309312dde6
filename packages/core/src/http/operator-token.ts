import { timingSafeEqual } from "node:crypto";

/**
 * Whether `given` is the operator token `token` (the metrics and jobs-run routes), compared in constant
 * time so the answer's timing tells nothing of how much of a guess was right.
 */
export function isOperatorToken(given: string | undefined, token: string): boolean {
  const givenBytes = Buffer.from(given ?? "");
  const expected = Buffer.from(token);
  return givenBytes.length === expected.length && timingSafeEqual(givenBytes, expected);
}
