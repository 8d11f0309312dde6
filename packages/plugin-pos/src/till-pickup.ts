import type { Transaction } from "kysely";
import type { Actor, CoreTables, DomainEvent, Services } from "@unified-commerce/plugin-sdk";
import { posScope } from "./operator-pins.js";

/**
 * A till sale ships nothing: once a line is added to a cart by an operator whose latest open shift names a
 * warehouse (a shift's key acts for its operator),
 * every shipping group of the cart without a chosen option gets the store's active pickup option at that
 * warehouse (an option already chosen, a delivery for a customer say, is kept). Runs in the line's own
 * transaction, so the cart a till checks out always carries its pickup and checkout never refuses it with
 * SHIPPING_REQUIRED. A store without shipping options, or a group with no pickup option at the warehouse,
 * is left as it is (checkout then decides, as for any cart).
 */
export async function chooseTillPickup(
  event: DomainEvent,
  { trx, services }: { trx: Transaction<CoreTables>; services: Services },
): Promise<void> {
  const cartId = event.payload.cartId;
  // Events name the person behind a shift's key (its operator), not the key: the operator's latest open
  // shift is the till the line was rung up at.
  if (event.actorType !== "user" || !event.actorId || typeof cartId !== "string") return;
  const { organizationId } = event;
  const shift = await posScope(trx, organizationId)
    .selectFrom("posShifts")
    .select("warehouseId")
    .where("userId", "=", event.actorId)
    .where("endedAt", "is", null)
    .where((eb) => eb.or([eb("expiresAt", "is", null), eb("expiresAt", ">", new Date())]))
    .orderBy("startedAt", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!shift?.warehouseId) return;
  // The plugin's own authority over the cart (the till's key may lack `cart:manage`), in this organization only.
  const actor: Actor = { id: "pos", type: "system", organizationId, permissions: ["cart:manage"] };
  const target = { organizationId, cartId, actor };
  const quote = await services.carts.shippingOptions({ ...target, explain: false }, { trx });
  if (!quote.isRequired) return;
  const { cart } = await services.carts.get(target, { trx });
  const optionIds: string[] = [];
  for (const group of quote.groups) {
    const chosen = group.options.find((option) => option.isApplicable && cart.shippingOptionIds.includes(option.id));
    const pickup = group.options.find(
      (option) => option.isApplicable && option.isPickup && option.warehouseId === shift.warehouseId,
    );
    const id = chosen?.id ?? pickup?.id;
    if (!id) return;
    optionIds.push(id);
  }
  if (optionIds.every((id) => cart.shippingOptionIds.includes(id))) return;
  await services.carts.setShipping(target, { address: cart.shippingAddress, optionIds }, { trx });
}
