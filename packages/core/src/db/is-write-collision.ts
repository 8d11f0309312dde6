/**
 * SQLSTATEs of a write that lost a race with a concurrent one and may succeed when tried again: a unique
 * value another transaction committed meanwhile (an upsert then finds the row), a serialization failure,
 * a deadlock. pg and PGlite raise the same codes.
 */
const COLLISION_CODES: ReadonlySet<string> = new Set(["23505", "40001", "40P01"]);

export function isWriteCollision(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" && COLLISION_CODES.has(code);
}
