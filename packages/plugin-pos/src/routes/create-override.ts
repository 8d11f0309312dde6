import { z } from "zod";
import { AppError, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { overrideActions } from "../pos-declarations.js";
import { surfacingFailures } from "../service-failure.js";

const overrideInput = z.object({
  /** The approving manager (a member holding `pos:manage`). */
  managerId: z.string().trim().min(1).max(200),
  pin: z.string().min(1).max(64),
  action: z.enum(overrideActions),
  /** What it approves: the order (required for `refund.overCap`) and at most which amount, in minor units. */
  target: z
    .object({ orderId: z.uuid().optional(), amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional() })
    .default({}),
});

const overrideSchema = z.object({
  id: z.string(),
  token: z.string(),
  action: z.enum(overrideActions),
  operatorId: z.string(),
  managerId: z.string(),
  orderId: z.string().nullable(),
  amount: z.number().int().nullable(),
  expiresAt: z.string(),
});

export const createOverrideRoute = ({ services }: RouteContext) =>
  router("Point of sale", "/pos")
    .post("/auth/override", {
      summary: "A manager approves one action by PIN",
      description: [
        "Called with the operator's shift key. The manager's PIN (lockout as for sign-in: 401 POS_PIN_INVALID, 429",
        "POS_OPERATOR_LOCKED) and `pos:manage` (403) approve ONE action of this operator on its target (today one",
        "action exists, `refund.overCap`; any other is a 422); the answer's `token` (shown once, stored hashed) is",
        "valid for `overrideSeconds` and accepted once by that action: `refund.overCap` as the `approval` of",
        "`POST /api/orders/:id/refunds` lets that refund (of the named order, up to `amount`) past the operator's",
        "daily cap. A manager cannot approve their own action, and a device key (the till's own) is nobody's action:",
        "both 403. Recorded in the audit log with both people (`pos.overrideApproved`, then `pos.overrideUsed`).",
      ].join(" "),
    })
    .permission("pos:operate")
    .input(overrideInput)
    .output(overrideSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) => {
      if (input.action === "refund.overCap" && !input.target.orderId)
        throw AppError.validation([{ path: "body.target.orderId", message: "is required for refund.overCap" }]);
      return surfacingFailures(async () => ({
        data: await services.pos.overrides.issue({
          organizationId,
          actor,
          managerId: input.managerId,
          pin: input.pin,
          action: input.action,
          orderId: input.target.orderId ?? null,
          amount: input.target.amount ?? null,
        }),
      }));
    })
    .build();
