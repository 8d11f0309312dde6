import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customerAddressSchema } from "../../customers/index.js";
import { ME_ACCESS_DOC, PROFILE_DOC } from "./me-route-doc.js";

export const listMyAddressesRoute = ({ services }: RouteContext) =>
  router("Customer self-service", "/me")
    .get("/addresses", {
      summary: "List my saved addresses",
      description: `Oldest first, not paginated (at most 50). ${PROFILE_DOC} ${ME_ACCESS_DOC}`,
    })
    .session()
    .permission("customers:read:self")
    .output(z.array(customerAddressSchema))
    .handler(async ({ actor, organizationId }) => ({ data: await services.me.listAddresses(organizationId, actor) }))
    .build();
