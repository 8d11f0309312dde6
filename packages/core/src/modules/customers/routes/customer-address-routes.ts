import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import {
  customerAddressInput,
  customerAddressPatchInput,
  customerAddressSchema,
  customerIdSchema,
  MAX_ADDRESSES_PER_CUSTOMER,
} from "../customers-schemas.js";

const customerParams = z.object({ id: customerIdSchema });
const addressParams = z.object({ id: customerIdSchema, addressId: z.uuid() });

/** A customer's saved addresses, for staff (`/api/me/addresses` serves the customer). */
export const customerAddressRoutes = ({ services }: RouteContext) =>
  router("Customers", "/customers")
    .get("/:id/addresses", {
      summary: "List a customer's addresses",
      description: "Oldest first, not paginated (a customer keeps at most 50).",
    })
    .permission("customers:read")
    .params(customerParams)
    .output(z.array(customerAddressSchema))
    .handler(async ({ params, organizationId }) => ({
      data: await services.customers.listAddresses(organizationId, params.id),
    }))
    .post("/:id/addresses", {
      summary: "Add an address to a customer",
      description: [
        `At most ${MAX_ADDRESSES_PER_CUSTOMER} per customer (422 beyond, nothing written).`,
        "`isDefaultShipping`/`isDefaultBilling` make it the only default of that kind. Emits customers.update",
        "(`addressAdded`).",
      ].join(" "),
    })
    .permission("customers:update")
    .params(customerParams)
    .input(customerAddressInput)
    .output(customerAddressSchema)
    .status(201)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.customers.addAddress(organizationId, params.id, input, actor),
    }))
    .patch("/:id/addresses/:addressId", {
      summary: "Update a customer's address",
      description: "Any subset of the fields; null clears an optional one. Emits customers.update (`addressUpdated`).",
    })
    .permission("customers:update")
    .params(addressParams)
    .input(customerAddressPatchInput)
    .output(customerAddressSchema)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.customers.updateAddress(organizationId, params.id, params.addressId, input, actor),
    }))
    .delete("/:id/addresses/:addressId", {
      summary: "Delete a customer's address",
      description: "Answers the deleted address. Emits customers.update (`addressRemoved`).",
    })
    .permission("customers:update")
    .params(addressParams)
    .output(customerAddressSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await services.customers.removeAddress(organizationId, params.id, params.addressId, actor),
    }))
    .build();
