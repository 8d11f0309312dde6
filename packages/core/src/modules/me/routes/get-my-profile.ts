import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { myProfileSchema } from "../me-schemas.js";
import { ME_ACCESS_DOC, PROFILE_DOC } from "./me-route-doc.js";

export const getMyProfileRoute = ({ services }: RouteContext) =>
  router("Customer self-service", "/me")
    .get("/profile", { summary: "Read my profile", description: `${PROFILE_DOC} ${ME_ACCESS_DOC}` })
    .session()
    .permission("customers:read:self")
    .output(myProfileSchema)
    .handler(async ({ actor, organizationId }) => ({ data: await services.me.getProfile(organizationId, actor) }))
    .build();
