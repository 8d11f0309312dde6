import { AppError, router, type RouteContext } from "@unified-commerce/core";
import { okSchema } from "../auth-schemas.js";

export const revokeApiKey = ({ services }: RouteContext) =>
  router("API keys", "/auth")
    .delete("/api-keys/:id", {
      summary: "Revoke an API key",
      description: [
        "It stops working at once (other server processes: within `credentialCacheSeconds`). Audited",
        "(`api-keys.revoke`). Keys of other organizations answer 404.",
      ].join(" "),
    })
    .permission("api-keys:manage")
    .output(okSchema)
    .handler(async ({ params, actor, organizationId }) => {
      if (!(await services.apiKeys.revoke(organizationId, params.id, { actor }))) throw AppError.notFound("API key");
      return { data: { success: true as const } };
    })
    .build();
