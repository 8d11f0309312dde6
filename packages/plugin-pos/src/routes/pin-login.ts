import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { surfacingFailures } from "../service-failure.js";

const pinLoginInput = z.object({
  operatorId: z.string().trim().min(1).max(200),
  pin: z.string().min(1).max(64),
  /** The till's warehouse: the shift's sales get the store's pickup option there, when the store ships. */
  warehouseId: z.uuid().optional(),
});

const shiftSchema = z.object({
  shiftId: z.string(),
  operatorId: z.string(),
  key: z.string(),
  keyId: z.string(),
  expiresAt: z.string().nullable(),
  warehouseId: z.string().nullable(),
});

export const pinLoginRoute = ({ services }: RouteContext) =>
  router("Point of sale", "/pos")
    .post("/auth/pin-login", {
      summary: "Start an operator's shift with their PIN",
      description: [
        "Called with the till's device key (`pos-till` scope). Answers a `pos-shift` API key bound to the operator",
        "(shown once; send it as `x-api-key`), valid until the shift ends (`POST /api/pos/auth/shift/end`) or it",
        "expires (the plugin's `shiftSeconds`, at most half a day). Refunds, caps and the audit log then name the",
        "operator. A wrong PIN, an unknown operator and an operator without a PIN all answer 401 POS_PIN_INVALID",
        "alike; the fifth wrong PIN in a row locks the operator id for `lockoutMinutes` (429 POS_OPERATOR_LOCKED,",
        "`details.retryAfterSeconds`). 403 when the operator's role lacks a permission of the `pos-shift` scope, and",
        "when the caller is a person's credential (a shift key, a session) rather than a till's key. `warehouseId`",
        "(the till's; 404 when unknown) makes the shift's carts take the store's pickup option there, so a till",
        "sale in a store that charges shipping is not refused for SHIPPING_REQUIRED.",
      ].join(" "),
    })
    .permission("pos:operate")
    .input(pinLoginInput)
    .output(shiftSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) =>
      surfacingFailures(async () => ({
        data: await services.pos.shifts.pinLogin({
          organizationId,
          till: actor,
          operatorId: input.operatorId,
          pin: input.pin,
          warehouseId: input.warehouseId,
        }),
      })),
    )
    .build();
