import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { createTOTPKeyURI, verifyHOTP } from "@oslojs/otp";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import type { ServiceContext } from "@unified-commerce/core";
import type { CredentialCache } from "./credential-cache.js";
import type { AuthDb } from "./auth-tables.js";
import { hashSecret, randomBase32 } from "./secret-token.js";

const PERIOD_SECONDS = 30;
const DIGITS = 6;
const BACKUP_CODE_COUNT = 10;

type SecretBox = ServiceContext["secrets"];

/** TOTP (RFC 6238) with single-use codes, and backup codes. */
export interface TwoFactorService {
  /** Starts (or restarts) enrolment: a new key and backup codes. Nothing is enforced until `confirm`. */
  enroll(user: { id: string; email: string }): Promise<{ totpURI: string; backupCodes: string[] }>;
  /** Proves possession with a first code and turns two-factor on. */
  confirm(userId: string, code: string): Promise<boolean>;
  disable(userId: string): Promise<void>;
  isEnabled(userId: string): Promise<boolean>;
  /** A TOTP code (each accepted once) or an unused backup code. */
  verifyCode(userId: string, code: string): Promise<boolean>;
  regenerateBackupCodes(userId: string): Promise<string[]>;
}

export function createTwoFactorService(
  db: Kysely<AuthDb>,
  secrets: SecretBox,
  issuer: string,
  cache: CredentialCache,
): TwoFactorService {
  const replaceBackupCodes = async (userId: string): Promise<string[]> => {
    const codes = Array.from({ length: BACKUP_CODE_COUNT }, () => {
      const raw = randomBase32(7).slice(0, 10);
      return `${raw.slice(0, 5)}-${raw.slice(5)}`;
    });
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("authBackupCodes").where("userId", "=", userId).execute();
      await trx
        .insertInto("authBackupCodes")
        .values(codes.map((code) => ({ id: randomUUID(), userId, codeHash: hashSecret(code) })))
        .execute();
    });
    return codes;
  };

  /** Accepts a TOTP code of the previous, current or next step, never one at or before the last accepted step. */
  const useTotp = async (userId: string, code: string, requireEnabled: boolean): Promise<boolean> => {
    if (!/^\d{6}$/.test(code)) return false;
    const row = await db
      .selectFrom("authTwoFactor")
      .select(["secretSealed", "enabledAt"])
      .where("userId", "=", userId)
      .executeTakeFirst();
    if (!row || (requireEnabled && row.enabledAt === null)) return false;
    const key = decodeBase64(secrets.open(row.secretSealed));
    const current = Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
    const step = [current - 1, current, current + 1].find((candidate) =>
      verifyHOTP(key, BigInt(candidate), DIGITS, code),
    );
    if (step === undefined) return false;
    // The guarded update makes a code single-use, also against two concurrent sign-ins.
    const used = await db
      .updateTable("authTwoFactor")
      .set({ lastUsedStep: step })
      .where("userId", "=", userId)
      .where((eb) => eb.or([eb("lastUsedStep", "is", null), eb("lastUsedStep", "<", step)]))
      .executeTakeFirst();
    return used.numUpdatedRows > 0n;
  };

  const isEnabled = async (userId: string): Promise<boolean> => {
    const row = await db
      .selectFrom("authTwoFactor")
      .select("enabledAt")
      .where("userId", "=", userId)
      .executeTakeFirst();
    return row?.enabledAt != null;
  };

  return {
    async enroll(user) {
      const key = crypto.getRandomValues(new Uint8Array(20));
      const secretSealed = secrets.seal(encodeBase64(key));
      await db
        .insertInto("authTwoFactor")
        .values({ userId: user.id, secretSealed, enabledAt: null, lastUsedStep: null })
        .onConflict((conflict) =>
          conflict.column("userId").doUpdateSet({ secretSealed, enabledAt: null, lastUsedStep: null }),
        )
        .execute()
        .finally(() => cache.deleteUser(user.id));
      const backupCodes = await replaceBackupCodes(user.id);
      return { totpURI: createTOTPKeyURI(issuer, user.email, key, PERIOD_SECONDS, DIGITS), backupCodes };
    },
    async confirm(userId, code) {
      if (!(await useTotp(userId, code, false))) return false;
      await db
        .updateTable("authTwoFactor")
        .set({ enabledAt: sql`coalesce(enabled_at, now())` })
        .where("userId", "=", userId)
        .execute()
        .finally(() => cache.deleteUser(userId));
      return true;
    },
    async disable(userId) {
      await db
        .deleteFrom("authTwoFactor")
        .where("userId", "=", userId)
        .execute()
        .finally(() => cache.deleteUser(userId));
      await db.deleteFrom("authBackupCodes").where("userId", "=", userId).execute();
    },
    isEnabled,
    async verifyCode(userId, code) {
      const trimmed = code.trim().toLowerCase();
      if (/^\d{6}$/.test(trimmed)) return useTotp(userId, trimmed, true);
      if (!(await isEnabled(userId))) return false;
      const used = await db
        .updateTable("authBackupCodes")
        .set({ usedAt: new Date() })
        .where("userId", "=", userId)
        .where("codeHash", "=", hashSecret(trimmed))
        .where("usedAt", "is", null)
        .executeTakeFirst();
      return used.numUpdatedRows > 0n;
    },
    regenerateBackupCodes: replaceBackupCodes,
  };
}
