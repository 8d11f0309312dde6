/**
 * A new Idempotency-Key: 128 random bits, hex. Make one per logical operation (when a form opens, say) and
 * send it with every attempt of that operation, so a double click or a retry after a lost answer is
 * answered once. `crypto.getRandomValues` exists in browsers (also outside secure contexts, unlike
 * `randomUUID`) and in Node 20.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
