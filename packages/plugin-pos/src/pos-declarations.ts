import { z } from "zod";
import {
  defineErrors,
  defineEvents,
  type ApiKeyScope,
  type ErrorCodesOf,
  type EventPayloadsOf,
} from "@unified-commerce/plugin-sdk";
import { SHIFT_MAX_DAYS } from "./pos-options.js";
import type { PosService } from "./pos-service.js";

/** The plugin's error codes, merged into the kernel's and listed in the OpenAPI document. */
export const posErrors = defineErrors({
  POS_PIN_INVALID: { status: 401, message: "Operator or PIN not recognised" },
  POS_OPERATOR_LOCKED: { status: 429, message: "Too many wrong PINs: this operator is locked for a while" },
  POS_OVERRIDE_INVALID: {
    status: 403,
    message: "This override token is unknown, used, expired or not for this action",
  },
  POS_SERVICE_FAILED: { status: 500, message: "The point-of-sale service failed" },
});

/**
 * Actions a manager's override can approve, each one consumed by a route: `refund.overCap`, one refund of
 * a named order (up to an amount) past the operator's daily cap, spent by `POST /api/orders/:id/refunds`
 * through `orders.beforeRefund`. An action joins this list only together with the code that spends it:
 * a token no route accepts would be approved, audited and worthless.
 */
export const overrideActions = ["refund.overCap"] as const;
export type OverrideAction = (typeof overrideActions)[number];

const person = z.object({ operatorId: z.string() });

/** What the plugin records; the audit log keeps each event with its actor (the operator, never the till). */
export const posEvents = defineEvents({
  "pos.pinSet": {
    description: "An operator's PIN was set or rotated",
    payload: person.extend({ isRotation: z.boolean() }),
  },
  "pos.shiftStart": {
    description: "An operator signed in at a till with their PIN",
    payload: person.extend({ shiftId: z.string(), tillKeyId: z.string(), expiresAt: z.string() }),
  },
  "pos.shiftEnd": {
    description: "A shift ended and its key was revoked",
    payload: person.extend({ shiftId: z.string() }),
  },
  "pos.overrideApproved": {
    description: "A manager approved one action of an operator with their PIN",
    payload: person.extend({
      managerId: z.string(),
      overrideId: z.string(),
      action: z.enum(overrideActions),
      orderId: z.string().nullable(),
      amount: z.number().int().nullable(),
    }),
  },
  "pos.overrideUsed": {
    description: "An override token was spent on the action it approved",
    payload: person.extend({
      managerId: z.string(),
      overrideId: z.string(),
      action: z.enum(overrideActions),
      orderId: z.string().nullable(),
      amount: z.number().int(),
    }),
  },
  "pos.exchange": {
    description: "Lines of an order were exchanged for a new order",
    payload: person.extend({
      orderId: z.string(),
      refundId: z.string(),
      replacementOrderId: z.string(),
      difference: z.number().int(),
    }),
  },
});

/**
 * API key scopes: `pos-till` for a till's device key (it can only sign operators in), `pos-shift` for the
 * keys pin-login mints (at most half a day; the operator's role must hold every permission it grants).
 * A scope of the same name in `auth.apiKeyScopes` wins.
 */
export const posApiKeyScopes: Record<string, ApiKeyScope> = {
  "pos-till": {
    prefix: "uc_till_",
    description: "A till's device key: signs operators in with their PIN",
    permissions: { pos: ["operate"] },
  },
  "pos-shift": {
    prefix: "uc_shift_",
    description: [
      "One operator's shift at a till (minted by PIN sign-in): sells, refunds within the operator's cap, asks for",
      "overrides",
    ].join(" "),
    permissions: {
      pos: ["operate"],
      catalog: ["read"],
      inventory: ["read"],
      cart: ["create", "read", "update"],
      orders: ["create", "read", "update"],
    },
    keyExpiration: { maxExpiresIn: SHIFT_MAX_DAYS },
  },
};

declare module "@unified-commerce/plugin-sdk" {
  interface ErrorCodes extends ErrorCodesOf<typeof posErrors> {}
  interface DomainEvents extends EventPayloadsOf<typeof posEvents> {}
  interface Services {
    pos: PosService;
  }
}
