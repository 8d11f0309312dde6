import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { customersAnalyticsModel } from "./customers-analytics.js";
import { customersEvents } from "./customers-events.js";
import { customersMigrations } from "./customers-migrations.js";
import { createCustomersService } from "./customers-service.js";
import { customerAddressRoutes } from "./routes/customer-address-routes.js";
import { createCustomerRoute } from "./routes/create-customer.js";
import { createCustomerGroupRoute } from "./routes/create-customer-group.js";
import { customerGroupMemberRoutes } from "./routes/customer-group-member-routes.js";
import { deleteCustomerGroupRoute } from "./routes/delete-customer-group.js";
import { getCustomerRoute } from "./routes/get-customer.js";
import { listCustomerGroupsRoute } from "./routes/list-customer-groups.js";
import { listCustomersRoute } from "./routes/list-customers.js";
import { updateCustomerRoute } from "./routes/update-customer.js";
import { updateCustomerGroupRoute } from "./routes/update-customer-group.js";
import { memberCreatedPayloadSchema } from "./member-created.js";

/** Customer profiles, addresses and groups; the groups carts, checkout and promotions price with. */
export const customersModule: PluginManifest = {
  id: "customers",
  version: CORE_VERSION,
  permissions: [
    { scope: "customers:read", description: "Read customer profiles, addresses and groups" },
    {
      scope: "customers:update",
      description: "Create and change customers, their addresses, groups and group members",
    },
    { scope: "customers:read:self", description: "Read one's own profile and addresses (/api/me)" },
    { scope: "customers:update:self", description: "Change one's own profile and addresses (/api/me)" },
  ],
  schema: { migrations: customersMigrations },
  analyticsModels: [customersAnalyticsModel],
  events: customersEvents,
  services: (context) => ({ customers: createCustomersService(context) }),
  subscribers: [
    // A member of the sign-up role (a shopper) gets a profile in the membership's own transaction:
    // an account never exists without its profile, and a failed profile undoes the sign-up.
    {
      event: "members.create",
      handler: async (event, { trx, services }) => {
        // Parsed, not cast: a plugin emitting another shape is a loud fault that undoes its membership.
        const payload = memberCreatedPayloadSchema.parse(event.payload);
        if (!payload.isSignUpRole) return;
        const actor =
          event.actorId === null || event.actorType === null
            ? null
            : { id: event.actorId, type: event.actorType, organizationId: event.organizationId, permissions: [] };
        await services.customers.ensureProfile(
          event.organizationId,
          payload.user.id,
          { email: payload.user.email, name: payload.user.name },
          actor,
          { trx, via: "signUp" },
        );
      },
    },
  ],
  routes: (context) => [
    // Static paths before `/:id` in the document; the router prefers them in any order.
    ...listCustomerGroupsRoute(context),
    ...createCustomerGroupRoute(context),
    ...updateCustomerGroupRoute(context),
    ...deleteCustomerGroupRoute(context),
    ...customerGroupMemberRoutes(context),
    ...listCustomersRoute(context),
    ...createCustomerRoute(context),
    ...getCustomerRoute(context),
    ...updateCustomerRoute(context),
    ...customerAddressRoutes(context),
  ],
};
