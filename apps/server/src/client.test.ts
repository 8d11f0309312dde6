import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { createKernel, type DatabaseConfig } from "@unified-commerce/core";
import { ApiError, createClient, type CommerceClient } from "@unified-commerce/client";
import { serveKernel } from "./build-server.js";
import { CLIENT_TYPES_PATH, generateClientTypes } from "./client-types.js";
import defaultConfig from "../commerce.config.js";

const url = process.env.TEST_DATABASE_URL;
const schema = `cli_${randomBytes(5).toString("hex")}`;
const database: DatabaseConfig = url ? { url, schema } : { dataDir: "memory://" };
const owner = { email: "owner@shop.example", password: "a long owner passphrase" };

describe("@unified-commerce/client against the reference server", () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let admin: CommerceClient;

  beforeAll(async () => {
    const kernel = await createKernel({
      ...defaultConfig,
      logLevel: "silent",
      database,
      http: { ...defaultConfig.http, rateLimit: false },
    });
    await kernel.services.auth.createUser({
      ...owner,
      role: "owner",
      organizationId: kernel.config.defaultOrganizationId ?? "default",
    });
    app = await serveKernel(kernel);
    await app.listen({ host: "127.0.0.1", port: 0 });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { data } = await createClient({ baseUrl }).post("/api/auth/sign-in/email", { body: owner });
    if (!data || !("token" in data) || typeof data.token !== "string") throw new Error("sign-in answered no token");
    admin = createClient({ baseUrl, bearerToken: data.token, idempotentPosts: true });
  });

  afterAll(async () => {
    await app?.close();
    if (url) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  });

  it("has committed types generated from this server's document", async () => {
    const committed = await readFile(CLIENT_TYPES_PATH, "utf8");
    // On failure: run `pnpm generate:client` and commit packages/client/src/generated/openapi.ts.
    expect(committed === (await generateClientTypes()), "the client's types are stale: run pnpm generate:client").toBe(
      true,
    );
  });

  it("sells through the client: a staff member sets a product up, a guest finds it, buys it with a cart token", async () => {
    const { data: product } = await admin.post("/api/catalog/entities", {
      body: { type: "product", slug: "enamel-mug", status: "draft", attributes: { en: { title: "Enamel mug" } } },
    });
    await admin.post("/api/catalog/entities/{id}/publish", { params: { id: product.id } });
    await admin.post("/api/pricing/prices", { body: { entityId: product.id, currency: "EUR", amount: 1200 } });
    const { data: warehouse } = await admin.post("/api/inventory/warehouses", { body: { name: "Main", code: "main" } });
    await admin.post("/api/inventory/adjust", {
      body: { entityId: product.id, warehouseId: warehouse.id, quantity: 5, type: "restock", note: "first stock" },
    });

    const { data: storefrontKey } = await admin.post("/api/auth/api-keys", {
      body: { scope: "storefront", name: "web" },
    });
    const storefront = createClient({ baseUrl, apiKey: storefrontKey.key });
    const { data: listed, meta } = await storefront.get("/api/catalog/entities", { query: { limit: 10 } });
    expect(listed.map((entity) => entity.slug)).toEqual(["enamel-mug"]);
    expect(meta.pagination.total).toBe(1);

    const { data: cart } = await storefront.post("/api/carts", { body: { currency: "EUR" } });
    const guest = storefront.with({ cartToken: cart.cartToken });
    await guest.post("/api/carts/{id}/items", { params: { id: cart.id }, body: { entityId: product.id, quantity: 2 } });
    const { data: order } = await guest.post("/api/checkout", {
      body: { cartId: cart.id, paymentMethodId: "manual", currency: "EUR" },
      idempotencyKey: true,
    });
    expect(order).toMatchObject({ subtotal: 2400, currency: "EUR" });

    // Another caller without the cart's token does not see the cart: the API's 404 as a typed error.
    const stranger = await storefront.get("/api/carts/{id}", { params: { id: cart.id } }).catch((error) => error);
    expect(stranger).toBeInstanceOf(ApiError);
    expect(stranger).toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect(stranger.requestId).toMatch(/./);
  });

  it("throws validation errors with the fields at fault, and pages a list to its end", async () => {
    const invalid = await admin
      .post("/api/catalog/entities", { body: { type: "product", slug: "Not A Slug!" } })
      .catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 422, code: "VALIDATION_FAILED" });
    expect(Object.keys((invalid as ApiError).fieldErrors)).toEqual(["slug"]);

    for (const slug of ["page-a", "page-b", "page-c"])
      await admin.post("/api/catalog/entities", { body: { type: "product", slug } });
    const slugs: string[] = [];
    for await (const page of admin.pages("/api/catalog/entities", { query: { limit: 2, sort: "slug:asc" } }))
      slugs.push(...page.data.map((entity) => entity.slug));
    expect(slugs).toEqual(["enamel-mug", "page-a", "page-b", "page-c"]);
  });
});
