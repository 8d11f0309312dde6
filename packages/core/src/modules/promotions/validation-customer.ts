import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import type { Services } from "../../kernel/contexts.js";
import { hasPermission } from "../../kernel/permissions.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { ON_BEHALF_PERMISSION, owningCustomer, sessionCustomerOf } from "../customers/index.js";

/** Who a code is checked for: the customer (per-customer limits) and the groups that price the lines. */
export interface ValidationCustomer {
  customerId: string | undefined;
  customerGroupIds: string[];
}

/**
 * The customer and groups `POST /promotions/validate` evaluates with. Groups set prices, so a body's
 * `customerGroupIds` is never trusted: a signed-in customer is checked as themselves with their profile's
 * groups (naming another customer is a 403, like checkout); guests and storefront keys get no groups, and
 * their `customerId` only counts per-customer limits; staff with `orders:create:on-behalf` name the
 * customer, whose profile's groups apply unless they name groups too (a 403 for anyone else).
 */
export async function validationCustomer(
  services: Services,
  input: {
    organizationId: string;
    actor: Actor | null;
    customerId?: string | undefined;
    customerGroupIds?: readonly string[] | undefined;
  },
  options?: TxOptions,
): Promise<ValidationCustomer> {
  const { organizationId, actor } = input;
  const groupsOf = async (customerId: string | undefined) =>
    customerId === undefined ? [] : services.customers.groupIdsOf(organizationId, customerId, options);
  if (hasPermission(actor, ON_BEHALF_PERMISSION)) {
    // Staff check a code for the customer they name, or for nobody: their own account is not a customer.
    const customerId = input.customerId;
    return {
      customerId,
      customerGroupIds: input.customerGroupIds === undefined ? await groupsOf(customerId) : [...input.customerGroupIds],
    };
  }
  if ((input.customerGroupIds?.length ?? 0) > 0)
    throw AppError.forbidden(`customerGroupIds needs ${ON_BEHALF_PERMISSION}`);
  const session = sessionCustomerOf(actor);
  if (session === null) return { customerId: input.customerId, customerGroupIds: [] };
  owningCustomer(actor, input.customerId);
  return { customerId: session, customerGroupIds: await groupsOf(session) };
}
