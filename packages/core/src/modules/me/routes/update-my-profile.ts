import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { selfProfilePatchInput } from "../../customers/index.js";
import { myProfileSchema } from "../me-schemas.js";
import { ME_ACCESS_DOC, PROFILE_DOC } from "./me-route-doc.js";

export const updateMyProfileRoute = ({ services }: RouteContext) =>
  router("Customer self-service", "/me")
    .patch("/profile", {
      summary: "Change my profile",
      description: [
        "`name`, `phone` (null clears them) and `acceptsMarketing` (its change is dated in",
        "`acceptsMarketingUpdatedAt`). Any other field (`email`, the account's sign-in address;",
        "`groupIds`; `metadata`) is a 422 with nothing changed. Emits customers.update.",
        `${PROFILE_DOC} ${ME_ACCESS_DOC}`,
      ].join(" "),
    })
    .session()
    .permission("customers:update:self")
    .input(selfProfilePatchInput)
    .output(myProfileSchema)
    .handler(async ({ input, actor, organizationId }) => ({
      data: await services.me.updateProfile(organizationId, actor, input),
    }))
    .build();
