import type { FastifyInstance } from "fastify";
import type { Actor } from "../../kernel/actor.js";
import { createTestActor, jsonHeaders, testAdminActor } from "../../testing/index.js";

/** An administrator of another organization: everything is allowed, nothing of `default` is visible. */
export const otherOrgAdmin: Actor = createTestActor({
  id: "other-admin",
  permissions: ["*:*"],
  organizationId: "other-store",
});

/** A storefront key: reads the catalog, never sees unpublished entities. */
export const storefrontActor: Actor = createTestActor({
  id: "storefront",
  type: "apiKey",
  permissions: ["catalog:read", "media:read", "inventory:read"],
});

/** Sends a JSON request and answers status and parsed body. */
export async function call(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  options: { actor?: Actor; body?: unknown } = {},
) {
  const { "content-type": contentType, ...headers } = jsonHeaders(options.actor ?? testAdminActor);
  const response = await app.inject({
    method,
    url,
    // A JSON content type with an empty body is a 400, so body-less requests send none.
    headers: options.body === undefined ? headers : { ...headers, "content-type": contentType as string },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
  // inject's json() is untyped on purpose: tests read deep into answers they assert on.
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.body ? response.json() : { data: null },
  };
}

/** Creates an entity through the API and answers its id. */
export async function createEntity(
  app: FastifyInstance,
  body: Record<string, unknown>,
  actor: Actor = testAdminActor,
): Promise<string> {
  const response = await call(app, "POST", "/api/catalog/entities", {
    actor,
    body: { type: "product", status: "active", ...body },
  });
  if (response.status !== 201)
    throw new Error(`entity not created: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data.id as string;
}
