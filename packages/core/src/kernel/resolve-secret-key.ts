import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import type { CoreTables } from "../db/core-tables.js";
import type { Database } from "../db/create-database.js";
import type { CommerceConfig } from "./config.js";

/**
 * The key comes from `config.secretKey` (`UC_SECRET_KEY` in the reference server). Production requires
 * it. Elsewhere a key is generated once and kept where the data is, so sealed values survive a restart:
 * on PostgreSQL in the kernel's `kernel_keys` table (every process of the schema agrees on the first one
 * written), beside the embedded database in its directory otherwise; an in-memory database gets an
 * in-memory key. A key kept with the data protects nothing from whoever reads the data: development only.
 */
export async function resolveSecretKey(
  config: CommerceConfig,
  database: Pick<Database, "db" | "dialect">,
): Promise<Buffer> {
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
  const row = await db
    .selectFrom("kernelKeys")
    .select("value")
    .where("name", "=", SECRET_KEY_NAME)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, "base64");
}
