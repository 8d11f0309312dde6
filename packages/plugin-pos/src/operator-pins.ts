import { hash, verify } from "@node-rs/argon2";
import { sql, type Kysely, type Transaction } from "kysely";
import {
  AppError,
  hasPermission,
  tenantScope,
  type CoreTables,
  type MemberCredentials,
  type MemberInfo,
  type Services,
} from "@unified-commerce/plugin-sdk";
import type { ResolvedPosOptions } from "./pos-options.js";
import type { PosTables } from "./pos-tables.js";

/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, unusable under isolatedModules). */
const ARGON2ID = 2;

type Db = Kysely<CoreTables> | Transaction<CoreTables>;

export const posScope = (db: Db, organizationId: string) => tenantScope(db.withTables<PosTables>(), organizationId);

/** The auth plugin's member service; the point of sale cannot run without it. */
export function memberCredentialsOf(services: Services): MemberCredentials {
  const credentials = services.memberCredentials;
  if (!credentials)
    throw new Error(
      "The pos plugin needs the auth plugin (services.memberCredentials): list auth() before pos() in config.plugins",
    );
  return credentials;
}

export interface OperatorPinsContext {
  options: ResolvedPosOptions;
  services: Services;
}

/**
 * Operators' PINs and the lockout. A PIN is stored only as an argon2id hash and is always checked together
 * with the operator's identity (their id at sign-in and override), never looked up by itself. So two
 * operators may share a PIN, and setting one never tells an admin that another operator uses it (the
 * old "PIN taken" refusal did: security issue 31).
 */
export function createOperatorPins({ options, services }: OperatorPinsContext) {
  const hashing = { ...options.pinHashing, algorithm: ARGON2ID as never };
  // Made once, off the main thread: an unknown operator costs the same verification as a known one.
  const dummy = hash(crypto.randomUUID(), hashing);
  dummy.catch(() => {});
  const lockInterval = sql`${options.lockoutMinutes} * interval '1 minute'`;

  /** The lock of an operator id (known or not), when it is still running. */
  async function activeLock(
    db: Db,
    organizationId: string,
    operatorId: string,
    isForUpdate = false,
  ): Promise<Date | null> {
    let query = posScope(db, organizationId)
      .selectFrom("posPinAttempts")
      .select("lockedUntil")
      .where("operatorId", "=", operatorId)
      .where(sql<boolean>`locked_until > now()`);
    if (isForUpdate) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row?.lockedUntil ?? null;
  }

  const lockedError = (until: Date) =>
    new AppError("POS_OPERATOR_LOCKED", {
      details: {
        lockedUntil: until.toISOString(),
        retryAfterSeconds: Math.max(Math.ceil((until.getTime() - Date.now()) / 1000), 1),
      },
    });

  /**
   * Counts a wrong PIN in one guarded upsert (the row lock serializes concurrent ones across processes):
   * the count restarts after an expired lock, and the `maxPinAttempts`-th failure in a row sets the lock,
   * which later in-flight failures do not extend. Answers the error for this attempt: 401 before the lock,
   * 429 from the failure that set it on.
   */
  async function recordFailure(db: Db, organizationId: string, operatorId: string): Promise<AppError> {
    const next = sql`case when pos_pin_attempts.locked_until <= now() then 1 else pos_pin_attempts.failures + 1 end`;
    const { rows } = await sql<{ failures: number; lockedUntil: Date | null }>`
      insert into pos_pin_attempts (organization_id, operator_id, failures, locked_until)
      values (${organizationId}, ${operatorId}, 1, case when 1 >= ${options.maxPinAttempts} then now() + ${lockInterval} end)
      on conflict (organization_id, operator_id) do update set
        failures = ${next},
        locked_until = case
          when pos_pin_attempts.locked_until > now() then pos_pin_attempts.locked_until
          when ${next} >= ${options.maxPinAttempts} then now() + ${lockInterval}
        end
      returning failures, locked_until`.execute(db);
    const row = rows[0];
    if (!row) throw new Error("The PIN attempt counter answered no row");
    return row.failures >= options.maxPinAttempts && row.lockedUntil
      ? lockedError(row.lockedUntil)
      : new AppError("POS_PIN_INVALID");
  }

  return {
    /** 404 unless the operator is a member of the store. Read on the pool: call it before opening a transaction. */
    async requireMember(organizationId: string, operatorId: string): Promise<MemberInfo> {
      const member = await memberCredentialsOf(services).member(organizationId, operatorId);
      if (!member) throw AppError.notFound("Operator");
      return member;
    },

    /** Sets or rotates the PIN of a member (`requireMember` first); clears their lockout. */
    async setPin(
      input: { organizationId: string; operatorId: string; pin: string },
      trx: Transaction<CoreTables>,
    ): Promise<{ isRotation: boolean }> {
      const { organizationId, operatorId, pin } = input;
      const scope = posScope(trx, organizationId);
      const existing = await scope
        .selectFrom("posOperatorPins")
        .select("userId")
        .where("userId", "=", operatorId)
        .forUpdate()
        .executeTakeFirst();
      const pinHash = await hash(pin, hashing);
      await trx
        .withTables<PosTables>()
        .insertInto("posOperatorPins")
        .values({ organizationId, userId: operatorId, pinHash, updatedAt: new Date() })
        .onConflict((conflict) =>
          conflict.columns(["organizationId", "userId"]).doUpdateSet({ pinHash, updatedAt: new Date() }),
        )
        .execute();
      await scope.deleteFrom("posPinAttempts").where("operatorId", "=", operatorId).execute();
      return { isRotation: existing !== undefined };
    },

    /**
     * Checks an operator's PIN under the lockout; answers the member. Unknown operators, non-members and
     * operators without a PIN get the same answers as a wrong PIN, after the same argon2 work, and are
     * counted and locked the same way: no answer tells whether an operator exists.
     */
    async verifyPin(db: Db, input: { organizationId: string; operatorId: string; pin: string }): Promise<MemberInfo> {
      const { organizationId, operatorId, pin } = input;
      const lock = await activeLock(db, organizationId, operatorId);
      if (lock) throw lockedError(lock);
      const [row, member] = await Promise.all([
        posScope(db, organizationId)
          .selectFrom("posOperatorPins")
          .select("pinHash")
          .where("userId", "=", operatorId)
          .executeTakeFirst(),
        memberCredentialsOf(services).member(organizationId, operatorId),
      ]);
      let isValid = false;
      try {
        isValid = await verify(row && member ? row.pinHash : await dummy, pin);
      } catch {
        isValid = false;
      }
      if (!isValid || !row || !member) throw await recordFailure(db, organizationId, operatorId);
      return member;
    },

    /**
     * After a right PIN, inside the transaction that acts on it: refuses while a lock set by a concurrent
     * wrong attempt runs (row locked until commit), else clears the operator's failures.
     */
    async settleSuccess(trx: Transaction<CoreTables>, organizationId: string, operatorId: string): Promise<void> {
      const lock = await activeLock(trx, organizationId, operatorId, true);
      if (lock) throw lockedError(lock);
      await posScope(trx, organizationId).deleteFrom("posPinAttempts").where("operatorId", "=", operatorId).execute();
    },

    /** Whether a member may approve overrides. */
    isManager: (member: MemberInfo, permission: string) =>
      hasPermission({ permissions: member.permissions }, permission),
  };
}

export type OperatorPins = ReturnType<typeof createOperatorPins>;
