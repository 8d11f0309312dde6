import { defineHook, definePlugin, type Plugin } from "@unified-commerce/plugin-sdk";
import { chooseTillPickup } from "./till-pickup.js";
import { memberCredentialsOf } from "./operator-pins.js";
import { posApiKeyScopes, posErrors, posEvents } from "./pos-declarations.js";
import { posMigrations } from "./pos-migrations.js";
import { resolvePosOptions, type PosOptions } from "./pos-options.js";
import { createPosService } from "./pos-service.js";
import { createExchangeRoute } from "./routes/create-exchange.js";
import { createOverrideRoute } from "./routes/create-override.js";
import { endShiftRoute } from "./routes/end-shift.js";
import { pinLoginRoute } from "./routes/pin-login.js";
import { setPinRoute } from "./routes/set-pin.js";

/**
 * The point of sale: operators' PINs, PIN sign-in at a till minting a per-shift API key that acts for the
 * operator, manager overrides by PIN (one action, once), and exchanges. Needs the auth plugin listed
 * before it (members and API keys):
 *
 * ```ts
 * export default defineConfig({ plugins: [auth(), pos({ lockoutMinutes: 15 })] });
 * ```
 */
export function pos(options: PosOptions = {}): Plugin {
  const resolved = resolvePosOptions(options);
  return definePlugin({
    id: "pos",
    version: "0.1.0",
    dependencies: ["orders", "checkout", "carts", "inventory", "shipping"],
    permissions: [
      {
        scope: "pos:operate",
        description: "Use a till: sign operators in by PIN, end a shift, ask a manager for an override",
      },
      { scope: "pos:manage", description: "Approve overrides with one's PIN; exchange order lines" },
      { scope: "pos:admin", description: "Set and rotate operators' PINs" },
    ],
    errors: posErrors,
    events: posEvents,
    apiKeyScopes: posApiKeyScopes,
    schema: { migrations: posMigrations },
    services: ({ database, events, services }) => ({
      pos: createPosService({ database, events, services, options: resolved }),
    }),
    // A till's sale takes the store's pickup option at the shift's warehouse (till-pickup.ts).
    subscribers: [{ event: "cart.afterAddItem", handler: chooseTillPickup }],
    hooks: [
      // A refund carrying an `approval` spends a `refund.overCap` override on it, in the refund's own
      // transaction, and goes past the operator's cap; an invalid token refuses the refund (403).
      defineHook("orders.beforeRefund", async (payload, { organizationId, actor, services, trx }) => {
        if (payload.approval === null) return;
        if (!actor) return;
        await services.pos.overrides.consume(
          {
            organizationId,
            actor,
            token: payload.approval,
            action: "refund.overCap",
            orderId: payload.orderId,
            amount: payload.amount,
          },
          { trx },
        );
        return { ...payload, isCapLifted: true };
      }),
    ],
    routes: (context) => {
      // Checked at boot: without the auth plugin there are no members to sign in.
      memberCredentialsOf(context.services);
      return [
        ...setPinRoute(context),
        ...pinLoginRoute(context),
        ...endShiftRoute(context),
        ...createOverrideRoute(context),
        ...createExchangeRoute(context),
      ];
    },
  });
}
