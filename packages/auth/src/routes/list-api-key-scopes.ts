import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { scopePermissions } from "../api-key-service.js";

export const listApiKeyScopes = ({ services }: RouteContext) =>
  router("API keys", "/auth")
    .get("/api-key-scopes", {
      summary: "Declared API-key scopes",
      description: "Plugins' scopes merged with `auth.apiKeyScopes` (user configuration wins).",
    })
    .permission("api-keys:manage")
    .output(
      z.array(
        z.object({
          name: z.string(),
          prefix: z.string(),
          description: z.string(),
          permissions: z.array(z.string()),
          keyExpiration: z
            .object({ minExpiresIn: z.number().optional(), maxExpiresIn: z.number().optional() })
            .optional(),
        }),
      ),
    )
    .handler(async () => ({
      data: Object.entries(services.apiKeys.scopes()).map(([name, scope]) => ({
        name,
        prefix: scope.prefix,
        description: scope.description,
        permissions: scopePermissions(scope),
        ...(scope.keyExpiration ? { keyExpiration: scope.keyExpiration } : {}),
      })),
    }))
    .build();
