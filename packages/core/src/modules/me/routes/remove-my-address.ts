import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customerAddressSchema } from "../../customers/index.js";
import { myAddressParams } from "../me-schemas.js";
import { ME_ACCESS_DOC } from "./me-route-doc.js";

export const removeMyAddressRoute = ({ services }: RouteContext) =>
  router("Customer self-service", "/me")
    .delete("/addresses/:id", {
      summary: "Delete a saved address",
      description: [
        "Answers the deleted address; another customer's address is a 404 like a missing one, a malformed id a 422.",
        `Emits customers.update (\`addressRemoved\`). ${ME_ACCESS_DOC}`,
      ].join(" "),
    })
    .session()
    .permission("customers:update:self")
    .params(myAddressParams)
    .output(customerAddressSchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.me.removeAddress(organizationId, actor, params.id),
    }))
    .build();
