import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import type { Actor } from "../kernel/actor.js";
import { JsonText } from "./json-text.js";
import { router } from "./router.js";

describe("router", () => {
  it("builds registrations with full paths, permissions and schemas", () => {
    const routes = router("Orders", "/orders")
      .get("/:id/refunds/:refundId", { summary: "Read a refund" })
      .permission("orders:read")
      .handler(async ({ params }) => ({ data: params }))
      .post("/", { summary: "Create" })
      .auth()
      .input(z.object({ total: z.number() }))
      .status(201)
      .handler(async ({ input }) => ({ data: input }))
      .build();

    expect(
      routes.map((route) => [route.method, route.path, route.permissions, route.isAuthRequired, route.status]),
    ).toEqual([
      ["GET", "/orders/:id/refunds/:refundId", ["orders:read"], true, 200],
      ["POST", "/orders", [], true, 201],
    ]);
    expect(routes[0]?.schemas.params?.safeParse({ id: "a", refundId: "b" }).success).toBe(true);
  });

  it("infers params, input and the actor's presence in handlers", () => {
    router("Types", "/types")
      .get("/:id/items/:itemId", { summary: "typed" })
      .handler(async ({ params, actor }) => {
        expectTypeOf(params).toEqualTypeOf<{ id: string } & { itemId: string }>();
        expectTypeOf(actor).toEqualTypeOf<Actor | null>();
        return { data: null };
      })
      .post("/", { summary: "typed" })
      .permission("types:create")
      .input(z.object({ name: z.string(), count: z.coerce.number() }))
      .handler(async ({ input, actor }) => {
        expectTypeOf(input).toEqualTypeOf<{ name: string; count: number }>();
        expectTypeOf(actor).toEqualTypeOf<Actor>();
        return { data: null };
      })
      .build();
  });

  it("holds a handler's data to the input type of its output schema, JsonText aside", () => {
    const greeting = z.object({ id: z.string(), count: z.number().int(), note: z.string().optional() });
    const routes = router("Typed", "/typed")
      .get("/", { summary: "fits" })
      .output(greeting)
      .handler(async () => ({ data: { id: "a", count: 1 } }))
      .get("/text", { summary: "already JSON" })
      .output(greeting)
      .handler(async () => new JsonText('{"data":{"id":"a","count":1}}'))
      .get("/wrong", { summary: "does not fit" })
      .output(z.array(greeting))
      // @ts-expect-error: `data` must be an array of greetings, and `count` a number
      .handler(async () => ({ data: [{ id: "a", count: "1" }] }))
      .build();
    expect(routes).toHaveLength(3);
  });

  it("refuses a malformed permission when the route is defined", () => {
    expect(() => router("Bad", "/bad").get("/", { summary: "x" }).permission("not a permission")).toThrow(
      'invalid permission "not a permission"',
    );
  });
});
