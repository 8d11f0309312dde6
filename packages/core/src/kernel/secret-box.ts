import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import type { CoreTables } from "../db/core-tables.js";
import type { Database } from "../db/create-database.js";
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
 * it. Elsewhere a key is generated once and kept where the data is, so sealed values survive a restart:
 * on PostgreSQL in the kernel's `kernel_keys` table (every process of the schema agrees on the first one
 * written), beside the embedded database in its directory otherwise; an in-memory database gets an
 * in-memory key. A key kept with the data protects nothing from whoever reads the data: development only.
 */
export async function resolveSecretKey(config: CommerceConfig, database: Pick<Database, "db" | "dialect">): Promise<Buffer> {
  if (config.secretKey) return Buffer.from(config.secretKey, "base64");
  if (config.environment === "production") {
    throw new Error("secretKey is required in production: set UC_SECRET_KEY to the base64 of 32 random bytes");
  }
  if (database.dialect === "postgres") return storedKey(database.db);
  const dataDir = config.database?.dataDir ?? ".data";
  if (dataDir.startsWith("memory://")) return randomBytes(32);
  const path = join(dataDir, "secret.key");
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path, randomBytes(32).toString("base64"), { mode: 0o600 });
  }
  return Buffer.from(readFileSync(path, "utf8").trim(), "base64");
}

const SECRET_KEY_NAME = "secret-key";

/**
 * The development key of a PostgreSQL schema: processes booting together each offer a key, the first
 * insert wins (`on conflict do nothing`), and every one reads back the winner.
 */
async function storedKey(db: Kysely<CoreTables>): Promise<Buffer> {
  await db
    .insertInto("kernelKeys")
    .values({ name: SECRET_KEY_NAME, value: randomBytes(32).toString("base64") })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("kernelKeys").select("value").where("name", "=", SECRET_KEY_NAME).executeTakeFirstOrThrow();
  return Buffer.from(row.value, "base64");
}
