/**
 * The customers module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/customers/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { customersModule } from "./customers-module.js";
export { ON_BEHALF_PERMISSION, owningCustomer, sessionCustomerOf } from "./customer-ownership.js";
export {
  customerAddressInput,
  customerAddressPatchInput,
  customerAddressSchema,
  customerGroupSchema,
  customerSchema,
  MAX_ADDRESSES_PER_CUSTOMER,
  selfProfilePatchInput,
} from "./customers-schemas.js";
export type {
  CreateCustomerInput,
  Customer,
  CustomerAddress,
  CustomerAddressInput,
  CustomerAddressPatch,
  CustomerGroup,
  CustomerGroupInput,
  CustomerGroupPatch,
  CustomersService,
  ListCustomersQuery,
  MemberCreatedPayload,
  ProfileSeed,
  SelfProfilePatch,
  UpdateCustomerInput,
} from "./customers-service.js";
