import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CommerceConfig } from "./config.js";

/**
 * Encrypts secrets the server must read back (webhook signing secrets, TOTP seeds) with AES-256-GCM.
 * Secrets that only need comparing (passwords, session tokens, API keys) are hashed instead, never here.
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

const VERSION = "v1";

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("The secret key must be 32 bytes (base64 of 32 random bytes)");
  // A key of its own for digests: one key is never used by two algorithms.
  const macKey = createHmac("sha256", key).update("uc.mac.v1").digest();
  return {
    mac: (data) => createHmac("sha256", macKey).update(data).digest("hex"),
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [VERSION, iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split(".");
      if (version !== VERSION || !iv || !body || !tag) throw new Error("Unreadable sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}

/**
 * The key comes from `config.secretKey` (`UC_SECRET_KEY` in the reference server). Production requires
 * it. Elsewhere a key is generated once and kept beside the embedded database so sealed values survive
 * a restart; an in-memory database gets an in-memory key.
 */
export function resolveSecretKey(config: CommerceConfig): Buffer {
  if (config.secretKey) return Buffer.from(config.secretKey, "base64");
  if (config.environment === "production") {
    throw new Error("secretKey is required in production: set UC_SECRET_KEY to the base64 of 32 random bytes");
  }
  const dataDir = config.database?.url ? undefined : (config.database?.dataDir ?? ".data");
  if (!dataDir || dataDir.startsWith("memory://")) return randomBytes(32);
  const path = join(dataDir, "secret.key");
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path, randomBytes(32).toString("base64"), { mode: 0o600 });
  }
  return Buffer.from(readFileSync(path, "utf8").trim(), "base64");
}
