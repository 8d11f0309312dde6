import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeHex, encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

/** 10 random bytes: the public lookup id of a session, key or verification token. */
const ID_BYTES = 10;
/** 20 random bytes (160 bits, above the 120 the Lucia model asks for): the secret half. */
const SECRET_BYTES = 20;

const ID_PATTERN = "[a-z2-7]{16}";
const SECRET_PATTERN = "[a-z2-7]{32}";
const TOKEN = new RegExp(`^(${ID_PATTERN})\\.(${SECRET_PATTERN})$`);

/** Base32 (lower case, no padding) of `bytes` bytes from the platform CSPRNG. */
export function randomBase32(bytes: number): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(bytes)));
}

export function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));
}

/** Compares a presented secret with a stored SHA-256 in constant time. */
export function isSecretMatch(secret: string, storedHash: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(storedHash)) return false;
  return constantTimeEqual(sha256(new TextEncoder().encode(secret)), decodeHex(storedHash));
}

export interface MintedToken {
  id: string;
  secret: string;
  /** SHA-256 (hex) of the secret: the only part that is stored. */
  secretHash: string;
  /** What the client holds: `<id>.<secret>`. */
  token: string;
}

/**
 * A token in the Lucia model: a public id to find the row and a secret compared against its stored hash
 * in constant time, so neither a database dump nor lookup timing yields a usable token.
 */
export function mintToken(): MintedToken {
  const id = randomBase32(ID_BYTES);
  const secret = randomBase32(SECRET_BYTES);
  return { id, secret, secretHash: hashSecret(secret), token: `${id}.${secret}` };
}

export function parseToken(token: string): { id: string; secret: string } | null {
  const match = TOKEN.exec(token);
  return match ? { id: match[1] as string, secret: match[2] as string } : null;
}

const API_KEY = new RegExp(`^(.*?)(${ID_PATTERN})_(${SECRET_PATTERN})$`);

/** An API key: `<scope prefix><id>_<secret>`, e.g. `uc_admin_xxxxxxxxxxxxxxxx_yyyy...`. */
export function mintApiKey(prefix: string): MintedToken {
  const minted = mintToken();
  return { ...minted, token: `${prefix}${minted.id}_${minted.secret}` };
}

export function parseApiKey(key: string): { prefix: string; id: string; secret: string } | null {
  const match = API_KEY.exec(key);
  return match ? { prefix: match[1] as string, id: match[2] as string, secret: match[3] as string } : null;
}
