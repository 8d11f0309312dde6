import { describe, expectTypeOf, it } from "vitest";
import { createClient } from "./create-client.js";
import type { RequestBodyOf, ResponseData } from "./operation-types.js";

// Type-level checks: `tsc` (pnpm typecheck) fails when the typing lets a wrong call through.
const api = createClient({ baseUrl: "http://127.0.0.1:1", fetch: async () => new Response(null, { status: 204 }) });

describe("the client's types", () => {
  it("types answers from the document", () => {
    expectTypeOf<ResponseData<"/api/catalog/entities", "get">>().toExtend<{ id: string; slug: string }[]>();
    expectTypeOf<RequestBodyOf<"/api/catalog/entities", "post">>().toExtend<{ slug: string; type: string }>();
  });

  it("refuses unknown paths, missing bodies and missing path parameters", () => {
    const calls = () => {
      // @ts-expect-error: no such path
      void api.get("/api/nope");
      // @ts-expect-error: GET has no such path for POST only routes
      void api.get("/api/checkout");
      // @ts-expect-error: the body is required
      void api.post("/api/catalog/entities");
      // @ts-expect-error: `slug` is missing from the body
      void api.post("/api/catalog/entities", { body: { type: "product" } });
      // @ts-expect-error: the path parameter is required
      void api.get("/api/catalog/entities/{idOrSlug}", {});
      // @ts-expect-error: `limit` is a number
      void api.get("/api/catalog/entities", { query: { limit: "ten" } });
      void api.get("/api/catalog/entities");
      // Multipart uploads take FormData.
      void api.post("/api/media/upload", { body: new FormData() });
      // @ts-expect-error: an upload is not JSON
      void api.post("/api/media/upload", { body: { file: "x" } });
      void api.get("/api/catalog/entities/{idOrSlug}", { params: { idOrSlug: "mug" } });
    };
    expectTypeOf(calls).toBeFunction();
  });
});
