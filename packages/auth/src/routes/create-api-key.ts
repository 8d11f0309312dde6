import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { apiKeySchema } from "./api-key-schemas.js";

const body = z.object({
  scope: z.string().min(1),
  name: z.string().trim().min(1).max(200).optional(),
  expiresInSeconds: z.number().positive().optional(),
});

export const createApiKey = ({ services }: RouteContext) =>
  router("API keys", "/auth")
    .post("/api-keys", {
      summary: "Mint an API key",
      description: [
        "Minted against a declared scope, in the caller's organization, within the scope's expiration bounds.",
        "The caller must hold every permission the scope grants. The answer's `key` is shown this once;",
        "only its hash is stored. Send it as `x-api-key`. A key minted by a person (their session, or a key bound to",
        "them) is bound to them: it works only while they are a member whose role holds the scope, and is revoked when",
        "they are removed.",
      ].join(" "),
    })
    .permission("api-keys:manage")
    .input(body)
    .output(apiKeySchema.extend({ key: z.string() }))
    .status(201)
    .handler(async ({ input, actor, organizationId }) => ({
      data: await services.apiKeys.create({
        organizationId,
        scope: input.scope,
        ...(input.name ? { name: input.name } : {}),
        ...(input.expiresInSeconds ? { expiresInSeconds: input.expiresInSeconds } : {}),
        // Bound to the person behind the caller, also when they call with a key of theirs: a key minted
        // through a user-bound key must go with that user too, not outlive them as the organization's.
        userId: actor.type === "user" ? actor.id : (actor.userId ?? null),
        creator: actor,
      }),
    }))
    .build();
