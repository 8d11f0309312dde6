import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import type { SecretBox } from "./secret-box.js";

const VERSION = "v1";

/** A secret box under `key` (32 bytes): AES-256-GCM for sealing, HMAC-SHA256 under a derived key for `mac`. */
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
      return [
        VERSION,
        iv.toString("base64url"),
        body.toString("base64url"),
        cipher.getAuthTag().toString("base64url"),
      ].join(".");
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
