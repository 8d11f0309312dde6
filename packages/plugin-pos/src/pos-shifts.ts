import { randomUUID } from "node:crypto";
import {
  accountableActor,
  AppError,
  type Actor,
  type DatabaseAccess,
  type EventBus,
  type Services,
} from "@unified-commerce/plugin-sdk";
import { memberCredentialsOf, posScope, type OperatorPins } from "./operator-pins.js";
import type { ResolvedPosOptions } from "./pos-options.js";

/** What pin-login answers: the shift and its key, shown this once. */
export interface ShiftStarted {
  shiftId: string;
  operatorId: string;
  /** Send as `x-api-key` for the rest of the shift. */
  key: string;
  keyId: string;
  expiresAt: string | null;
  /** The warehouse the till sells from: its sales are picked up there (see the README). */
  warehouseId: string | null;
}

export interface PosShiftsContext {
  database: DatabaseAccess;
  events: EventBus;
  services: Services;
  pins: OperatorPins;
  options: ResolvedPosOptions;
}

export const SHIFT_SCOPE = "pos-shift";

/** PIN sign-in at a till (a shift with its own API key) and its end. */
export function createPosShifts({ database, events, services, pins, options }: PosShiftsContext) {
  return {
    /**
     * Checks the operator's PIN (outside any transaction, so a wrong one is counted even though the request
     * fails), mints a `pos-shift` key bound to the operator (the auth plugin writes it on its own
     * connection), then in one transaction settles the lockout and records the shift with its
     * `pos.shiftStart` event. A key whose shift could not be recorded is revoked at once.
     */
    async pinLogin(input: {
      organizationId: string;
      till: Actor;
      operatorId: string;
      pin: string;
      /** The till's warehouse (another organization's, or an unknown one, is a 404). */
      warehouseId?: string | undefined;
    }): Promise<ShiftStarted> {
      const { organizationId, till, operatorId, pin } = input;
      const warehouseId = input.warehouseId ?? null;
      // A till's device key, never a person's credential: a shift key (or a session) starting shifts would
      // chain shifts past `shiftSeconds` and record a person as the till.
      if (accountableActor(till).type === "user")
        throw AppError.forbidden("PIN sign-in is made with a till's device key, not a person's credential");
      await pins.verifyPin(database.db, { organizationId, operatorId, pin });
      if (warehouseId) await services.inventory.getWarehouse(organizationId, warehouseId);
      const credentials = memberCredentialsOf(services);
      const shiftId = randomUUID();
      const minted = await credentials.mintMemberKey({
        organizationId,
        userId: operatorId,
        scope: SHIFT_SCOPE,
        name: `pos-shift ${shiftId}`,
        expiresInSeconds: options.shiftSeconds,
        actor: till,
      });
      const expiresAt = minted.expiresAt?.toISOString() ?? null;
      try {
        return await database.transaction(async (trx) => {
          await pins.settleSuccess(trx, organizationId, operatorId);
          await posScope(trx, organizationId)
            .insertInto("posShifts", {
              id: shiftId,
              userId: operatorId,
              apiKeyId: minted.id,
              tillKeyId: till.id,
              warehouseId,
              startedAt: new Date(),
              expiresAt: minted.expiresAt,
              endedAt: null,
            })
            .execute();
          await events.emit(
            {
              organizationId,
              type: "pos.shiftStart",
              entityType: "posShift",
              entityId: shiftId,
              payload: { operatorId, shiftId, tillKeyId: till.id, expiresAt: expiresAt ?? "" },
              actor: till,
            },
            { trx },
          );
          return { shiftId, operatorId, key: minted.key, keyId: minted.id, expiresAt, warehouseId };
        });
      } catch (error) {
        await credentials.revokeKey(organizationId, minted.id, { actor: till });
        throw error;
      }
    },

    /**
     * Ends the shift of the calling key: revokes the key first (from then on it answers 401; a failure
     * after it leaves a dead key, never a live key of an ended shift), then one guarded update (a shift
     * ends once) with its `pos.shiftEnd` event. 404 for a key that is not an open shift's.
     */
    async endShift(input: {
      organizationId: string;
      actor: Actor;
    }): Promise<{ shiftId: string; operatorId: string; endedAt: string }> {
      const { organizationId, actor } = input;
      const open = await posScope(database.db, organizationId)
        .selectFrom("posShifts")
        .select("id")
        .where("apiKeyId", "=", actor.id)
        .where("endedAt", "is", null)
        .executeTakeFirst();
      if (!open) throw AppError.notFound("Open shift of this key");
      await memberCredentialsOf(services).revokeKey(organizationId, actor.id, { actor });
      return database.transaction(async (trx) => {
        const ended = await posScope(trx, organizationId)
          .updateTable("posShifts")
          .set({ endedAt: new Date() })
          .where("id", "=", open.id)
          .where("endedAt", "is", null)
          .returning(["id", "userId", "endedAt"])
          .executeTakeFirst();
        if (!ended?.endedAt) throw AppError.notFound("Open shift of this key");
        await events.emit(
          {
            organizationId,
            type: "pos.shiftEnd",
            entityType: "posShift",
            entityId: ended.id,
            payload: { operatorId: ended.userId, shiftId: ended.id },
            actor,
          },
          { trx },
        );
        return { shiftId: ended.id, operatorId: ended.userId, endedAt: ended.endedAt.toISOString() };
      });
    },
  };
}
