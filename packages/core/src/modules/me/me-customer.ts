import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import { sessionCustomerOf } from "../customers/index.js";

/**
 * The customer a `/api/me` request is about: the signed-in person's customer profile, else their user id
 * (the id orders and carts store as `customer_id`). Routes refuse non-session callers with `.session()`
 * first; this repeats the rule so that a service caller cannot ask about nobody.
 */
export function customerOf(actor: Actor): string {
  const customerId = sessionCustomerOf(actor);
  if (customerId === null) throw new AppError("UNAUTHORIZED", { message: "A signed-in session is required" });
  return customerId;
}
