import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { surfacingFailures } from "../service-failure.js";

export const setPinInput = z.object({
  /** The operator: a user who is a member of the store. */
  operatorId: z.string().trim().min(1).max(200),
  /** 4 to 8 digits. */
  pin: z.string().regex(/^\d{4,8}$/, "must be 4 to 8 digits"),
});

const setPinOutput = z.object({ operatorId: z.string(), isRotation: z.boolean() });

export const setPinRoute = ({ database, events, services }: RouteContext) =>
  router("Point of sale", "/pos")
    .put("/auth/pin", {
      summary: "Set or rotate an operator's PIN",
      description: [
        "The operator must be a member of the store (404 otherwise). The PIN (4 to 8 digits) is stored as an argon2id",
        "hash and always checked together with the operator's id, so operators may share one: nothing tells whether",
        "another operator uses it. Setting a PIN clears the operator's lockout. Records `pos.pinSet`.",
      ].join(" "),
    })
    .permission("pos:admin")
    .input(setPinInput)
    .output(setPinOutput)
    .handler(async ({ input, actor, organizationId }) =>
      surfacingFailures(async () => {
        // Membership is read on the pool before the transaction (the embedded database has one connection).
        await services.pos.pins.requireMember(organizationId, input.operatorId);
        return {
          data: await database.transaction(async (trx) => {
            const { isRotation } = await services.pos.pins.setPin(
              { organizationId, operatorId: input.operatorId, pin: input.pin },
              trx,
            );
            await events.emit(
              {
                organizationId,
                type: "pos.pinSet",
                entityType: "posOperator",
                entityId: input.operatorId,
                payload: { operatorId: input.operatorId, isRotation },
                actor,
              },
              { trx },
            );
            return { operatorId: input.operatorId, isRotation };
          }),
        };
      }),
    )
    .build();
