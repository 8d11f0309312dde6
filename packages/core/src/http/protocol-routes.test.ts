import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../kernel/app-error.js";
import { definePlugin } from "../kernel/plugin.js";
import { createPluginTestApp, createTestActor, jsonHeaders, type TestApp } from "../testing/index.js";
import { router } from "./router.js";

/**
 * Routes of another protocol (the Agentic Checkout API): header checks before an Idempotency-Key is
 * claimed (`.precondition()`), that protocol's error shape (`.errorAnswer()`) and the resource as the
 * body (`.unwrapped()`).
 */
let created = 0;
const echo = definePlugin({
  id: "protocol-echo",
  version: "0.0.0",
  permissions: [{ scope: "echo:write", description: "echo" }],
  routes: () =>
    router("Echo", "/echo")
      .post("/things", { summary: "Create a thing" })
      .permission("echo:write")
      .header("x-version", { description: "required", isRequired: true })
      .precondition((request, reply) => {
        reply.header("x-echoed", "yes");
        if (request.headers["x-version"] !== "1")
          throw new AppError("VALIDATION_FAILED", { message: "x-version must be 1" });
      })
      .errorAnswer((error) => ({
        status: error.status,
        body: { kind: "error", code: error.code.toLowerCase(), message: error.message },
      }))
      .unwrapped()
      .input(z.strictObject({ name: z.string().min(1) }))
      .output(z.object({ id: z.number(), name: z.string() }))
      .status(201)
      .handler(async ({ input }) => {
        created += 1;
        return { data: { id: created, name: input.name } };
      })
      .build(),
});

describe("protocol routes (precondition, errorAnswer, unwrapped)", () => {
  let t: TestApp;
  const writer = createTestActor({ id: "writer", type: "apiKey", permissions: ["echo:write"] });
  const post = (headers: Record<string, string>, body: unknown = { name: "a" }) =>
    t.app.inject({
      method: "POST",
      url: "/api/echo/things",
      headers: { ...jsonHeaders(writer), ...headers },
      payload: JSON.stringify(body),
    });
  beforeAll(async () => {
    t = await createPluginTestApp(echo);
  });
  afterAll(() => t.close());

  it("answers the resource itself, and refusals in the route's own shape", async () => {
    const ok = await post({ "x-version": "1" });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ id: created, name: "a" });
    const invalid = await post({ "x-version": "1" }, { name: "" });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({ kind: "error", code: "validation_failed" });
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/echo/things",
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ kind: "error", code: "unauthorized" });
    expect(anonymous.headers["x-request-id"]).toBeTruthy();
  });

  it("checks the precondition before the Idempotency-Key is claimed: its refusal is never replayed", async () => {
    const before = created;
    const refused = await post({ "x-version": "2", "idempotency-key": "key-1" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ kind: "error", code: "validation_failed", message: "x-version must be 1" });
    expect(refused.headers["x-echoed"]).toBe("yes");
    const retried = await post({ "x-version": "1", "idempotency-key": "key-1" });
    expect(retried.statusCode).toBe(201);
    expect(created).toBe(before + 1);
    const replayed = await post({ "x-version": "1", "idempotency-key": "key-1" });
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.json()).toEqual(retried.json());
    expect(created).toBe(before + 1);
  });

  it("documents the bare answer and the required header", async () => {
    const operation = (await t.app.inject({ url: "/api/doc" })).json().paths["/api/echo/things"].post;
    expect(operation.responses["201"].content["application/json"].schema.properties).toHaveProperty("name");
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({ in: "header", name: "x-version", required: true }),
    );
  });
});
