import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import {
  accountableActor,
  AppError,
  type Actor,
  type CoreTables,
  type DatabaseAccess,
  type EventBus,
  type Services,
} from "@unified-commerce/plugin-sdk";
import type { OverrideAction } from "./pos-declarations.js";
import { posScope, type OperatorPins } from "./operator-pins.js";
import type { ResolvedPosOptions } from "./pos-options.js";

/** The permission a manager needs to approve an override with their PIN. */
export const MANAGER_PERMISSION = "pos:manage";

/** An override as `POST /api/pos/auth/override` answers it; `token` is shown this once. */
export interface IssuedOverride {
  id: string;
  token: string;
  action: OverrideAction;
  operatorId: string;
  managerId: string;
  orderId: string | null;
  amount: number | null;
  expiresAt: string;
}

export interface ConsumeOverrideInput {
  organizationId: string;
  /** Who spends it: must be the operator it was approved for. */
  actor: Actor;
  token: string;
  action: OverrideAction;
  orderId: string | null;
  /** What the action is worth; must not pass the approved amount. */
  amount: number;
}

export interface PosOverridesContext {
  database: DatabaseAccess;
  events: EventBus;
  services: Services;
  pins: OperatorPins;
  options: ResolvedPosOptions;
}

const TOKEN_PREFIX = "posov_";
// The token is 256 random bits: a plain SHA-256 is enough to store it (no guessable secret to stretch).
const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Manager overrides: approved by PIN for one action of one operator, spent once. */
export function createPosOverrides({ database, events, services, pins, options }: PosOverridesContext) {
  return {
    /**
     * Checks the manager's PIN (lockout as for sign-in) and `pos:manage`, then stores the override (its
     * token hashed) with the `pos.overrideApproved` event naming both people. A manager cannot approve
     * their own action; a refund override names an order of the store.
     */
    async issue(input: {
      organizationId: string;
      actor: Actor;
      managerId: string;
      pin: string;
      action: OverrideAction;
      orderId: string | null;
      amount: number | null;
    }): Promise<IssuedOverride> {
      const { organizationId, actor, managerId, pin, action, orderId, amount } = input;
      const operator = accountableActor(actor);
      // An override approves a person's action and the audit log names both people: a till's own key is nobody.
      if (operator.type !== "user")
        throw AppError.forbidden(
          "An override is asked for by a signed-in operator (their shift key or session), not a device key",
        );
      const operatorId = operator.id;
      const manager = await pins.verifyPin(database.db, { organizationId, operatorId: managerId, pin });
      if (!pins.isManager(manager, MANAGER_PERMISSION))
        throw AppError.forbidden(`Approving an override needs ${MANAGER_PERMISSION}`);
      if (managerId === operatorId) throw AppError.forbidden("A manager cannot approve their own action");
      return database.transaction(async (trx) => {
        await pins.settleSuccess(trx, organizationId, managerId);
        if (orderId !== null) await services.orders.get(organizationId, orderId, { trx });
        const id = randomUUID();
        const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
        const { rows } = await sql<{
          expiresAt: Date;
        }>`select now() + ${options.overrideSeconds} * interval '1 second' as expires_at`.execute(trx);
        const expiresAt = rows[0]?.expiresAt;
        if (!expiresAt) throw new Error("The database answered no time");
        await posScope(trx, organizationId)
          .insertInto("posOverrides", {
            id,
            tokenHash: tokenHash(token),
            action,
            orderId,
            amount,
            operatorId,
            managerId,
            expiresAt,
            usedAt: null,
            createdAt: new Date(),
          })
          .execute();
        await events.emit(
          {
            organizationId,
            type: "pos.overrideApproved",
            entityType: "posOverride",
            entityId: id,
            payload: { operatorId, managerId, overrideId: id, action, orderId, amount },
            actor,
          },
          { trx },
        );
        return { id, token, action, operatorId, managerId, orderId, amount, expiresAt: expiresAt.toISOString() };
      });
    },

    /**
     * Spends an override inside the action's transaction: one guarded update (`used_at is null`, not
     * expired, same action, operator and order, amount within the approval), so of any number of
     * concurrent uses exactly one passes, and a rolled-back action leaves the token unspent. Records
     * `pos.overrideUsed` with both people. Anything else is a 403 POS_OVERRIDE_INVALID.
     */
    async consume(input: ConsumeOverrideInput, { trx }: { trx: Transaction<CoreTables> }): Promise<void> {
      const { organizationId, actor, token, action, orderId, amount } = input;
      const operatorId = accountableActor(actor).id;
      let query = posScope(trx, organizationId)
        .updateTable("posOverrides")
        .set({ usedAt: sql<Date>`now()` })
        .where("tokenHash", "=", tokenHash(token))
        .where("usedAt", "is", null)
        .where(sql<boolean>`expires_at > now()`)
        .where("action", "=", action)
        .where("operatorId", "=", operatorId)
        .where((eb) => eb.or([eb("amount", "is", null), eb("amount", ">=", amount)]));
      query = orderId === null ? query.where("orderId", "is", null) : query.where("orderId", "=", orderId);
      const used = await query.returning(["id", "managerId"]).executeTakeFirst();
      if (!used) throw new AppError("POS_OVERRIDE_INVALID");
      await events.emit(
        {
          organizationId,
          type: "pos.overrideUsed",
          entityType: "posOverride",
          entityId: used.id,
          payload: { operatorId, managerId: used.managerId, overrideId: used.id, action, orderId, amount },
          actor,
        },
        { trx },
      );
    },
  };
}
