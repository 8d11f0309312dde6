import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { apiKeySchema } from "./api-key-schemas.js";

export const listApiKeys = ({ services }: RouteContext) =>
  router("API keys", "/auth")
    .get("/api-keys", { summary: "List the organization's API keys", description: "Never their secrets." })
    .permission("api-keys:manage")
    .output(z.array(apiKeySchema))
    .handler(async ({ organizationId }) => ({ data: await services.apiKeys.list(organizationId) }))
    .build();
