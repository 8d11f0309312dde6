import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customerAddressInput, customerAddressSchema, MAX_ADDRESSES_PER_CUSTOMER } from "../../customers/index.js";
import { ME_ACCESS_DOC, PROFILE_DOC } from "./me-route-doc.js";

export const addMyAddressRoute = ({ services }: RouteContext) =>
  router("Customer self-service", "/me")
    .post("/addresses", {
      summary: "Save an address",
      description: [
        `At most ${MAX_ADDRESSES_PER_CUSTOMER} (422 beyond, nothing written).`,
        "`isDefaultShipping`/`isDefaultBilling` make it my only default of that kind. `country` is ISO 3166-1",
        `alpha-2 in upper case. Emits customers.update (\`addressAdded\`). ${PROFILE_DOC} ${ME_ACCESS_DOC}`,
      ].join(" "),
    })
    .session()
    .permission("customers:update:self")
    .input(customerAddressInput)
    .output(customerAddressSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) => ({
      data: await services.me.addAddress(organizationId, actor, input),
    }))
    .build();
