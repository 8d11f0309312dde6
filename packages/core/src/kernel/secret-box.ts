/**
 * Encrypts secrets the server must read back (webhook signing secrets, TOTP seeds) with AES-256-GCM.
 * Secrets that only need comparing (passwords, session tokens, API keys) are hashed instead, never here.
 * Built by `createSecretBox` (`create-secret-box.ts`) from the key `resolveSecretKey` finds.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
  /**
   * HMAC-SHA256 (hex) under a key derived from the secret key: a digest that whoever reads the database
   * cannot recompute, for values that may hold guessable secrets (a request body with a password).
   */
  mac(data: string): string;
}
