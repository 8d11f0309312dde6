import type { ServiceContext } from "../../kernel/contexts.js";
import { createCustomerAddressOperations } from "./customer-address-operations.js";
import { createCustomerGroupOperations } from "./customer-group-operations.js";
import { createCustomerOperations } from "./customer-operations.js";
import type { CustomersContext } from "./customers-context.js";

/**
 * Customer profiles (one per person per organization; a person with an account's profile id is the user
 * id), their saved addresses, and customer groups with their members, which carts, checkout and
 * promotions price with (`groupIdsOf`).
 */
export function createCustomersService({ database, events }: Pick<ServiceContext, "database" | "events">) {
  const context: CustomersContext = { database, db: database.db, events };
  return {
    ...createCustomerOperations(context),
    ...createCustomerAddressOperations(context),
    ...createCustomerGroupOperations(context),
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.customers` too.
declare module "../../kernel/services.js" {
  interface Services {
    customers: CustomersService;
  }
}

export type { Customer, CustomerAddress, CustomerGroup } from "./customers-context.js";
export type {
  CreateCustomerInput,
  UpdateCustomerInput,
  SelfProfilePatch,
  ListCustomersQuery,
  ProfileSeed,
} from "./customer-operations.js";
export type { CustomerAddressInput, CustomerAddressPatch } from "./customer-address-operations.js";
export type { CustomerGroupInput, CustomerGroupPatch } from "./customer-group-operations.js";
export type { MemberCreatedPayload } from "./member-created.js";
