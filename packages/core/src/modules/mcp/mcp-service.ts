import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import type { ServiceContext } from "../../kernel/contexts.js";
import { credentialOf } from "../../http/idempotency/idempotency-key.js";
import { createIdempotencyStore, type IdempotencyClaim } from "../../http/idempotency/idempotency-store.js";
import type { PlacedOrder, PlaceOrderInput } from "../checkout/index.js";

/** A checkout asked for by an MCP tool, with the key that makes its retries safe. */
export interface CheckoutOnceInput extends PlaceOrderInput {
  actor: Actor;
  /** The tool's `idempotencyKey`: the same key and arguments answer the first order again. */
  idempotencyKey: string;
}

/**
 * The MCP server's own service. Checkout through a tool has no HTTP `Idempotency-Key` layer in front of
 * it (one MCP request may carry any call), so the tool's key goes through the same idempotency store,
 * under a credential of its own so an MCP key never answers a REST request or the reverse.
 */
export function createMcpService({ db, secrets, services }: Pick<ServiceContext, "db" | "secrets" | "services">) {
  const store = createIdempotencyStore(db, secrets);
  return {
    /**
     * Frees the `Idempotency-Key` the HTTP layer claimed for an MCP request. The transport answers on the
     * raw response, past the layer's onSend that would store the answer, so the key would otherwise stay
     * "in progress" and a retry would get 409s; MCP requests are not replayed whole (checkout has its key).
     */
    releaseRequestKey: (claim: IdempotencyClaim): Promise<void> => store.release(claim),
    /**
     * `services.checkout.checkout` once per key: a retry with the same arguments answers the stored order
     * (no second order, no second stock movement); other arguments are IDEMPOTENCY_KEY_REUSED; a key whose
     * first call still runs is a CONFLICT. A failed checkout wrote nothing and frees its key.
     */
    async checkoutOnce({ idempotencyKey, ...input }: CheckoutOnceInput): Promise<PlacedOrder> {
      const scope = {
        organizationId: input.organizationId,
        credential: `mcp:${credentialOf(input.actor)}`,
        key: idempotencyKey,
      };
      // Keyed MAC, not a plain hash: the arguments hold the cart token, a bearer secret.
      const fingerprint = secrets.mac(JSON.stringify(["checkout", input.cartToken ?? null, input.body]));
      const outcome = await store.claim(scope, fingerprint);
      switch (outcome.kind) {
        case "replay":
          return JSON.parse(outcome.answer.body) as PlacedOrder;
        case "mismatch":
          throw new AppError("IDEMPOTENCY_KEY_REUSED", {
            message: "This idempotencyKey was used with other checkout arguments; send a new key for a new purchase",
          });
        case "inProgress":
          throw new AppError("CONFLICT", {
            message: "A checkout with this idempotencyKey is still running; retry once it has answered",
          });
        case "claimed":
          break;
      }
      let placed: PlacedOrder;
      try {
        ({ result: placed } = await services.checkout.checkout(input));
      } catch (error) {
        await store.release(outcome.claim);
        throw error;
      }
      await store.complete(outcome.claim, { status: 201, headers: {}, body: JSON.stringify(placed) });
      return placed;
    },
  };
}

export type McpService = ReturnType<typeof createMcpService>;

declare module "../../kernel/services.js" {
  interface Services {
    mcp: McpService;
  }
}
