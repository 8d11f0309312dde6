import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** Header a cart's token travels in. */
export const CART_TOKEN_HEADER = "x-cart-token";

/** The header as the API document shows it on every route that accepts it (`.header()`). */
export const CART_TOKEN_HEADER_DOC = {
  description: [
    "The `cartToken` answered once when the cart was created: a guest's only key to the cart (a signed-in owner or",
    "`cart:manage` needs none).",
  ].join(" "),
  maxLength: 64,
};

/** A new cart token: 32 random bytes, base64url. Shown once, at creation; only its hash is stored. */
export function generateCartToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashCartToken(token) };
}

/** SHA-256 of the token, hex: a 256-bit random secret needs no slow hash (as API keys). */
export function hashCartToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether `token` is the one whose hash is stored, compared in constant time. */
export function isCartToken(token: string | undefined, storedHash: string): boolean {
  if (!token) return false;
  const given = Buffer.from(hashCartToken(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The cart token of a request, from its header (the first one when repeated). */
export function cartTokenOf(headers: Readonly<Record<string, string | string[] | undefined>>): string | undefined {
  const value = headers[CART_TOKEN_HEADER];
  return Array.isArray(value) ? value[0] : value;
}
