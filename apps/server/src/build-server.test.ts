import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { definePlugin, router, type DatabaseConfig } from "@unified-commerce/core";
import { jsonHeaders, testAdminActor } from "@unified-commerce/core/testing";
import { buildServer } from "./build-server.js";

const secretPlugin = definePlugin({
  id: "secret",
  version: "1.0.0",
  routes: () =>
    router("Secret", "/secret")
      .get("/", { summary: "Admins only" })
      .permission("*:*")
      .handler(async () => ({ data: "the secret" }))
      .build(),
});

const url = process.env.TEST_DATABASE_URL;
const schema = `srv_${randomBytes(5).toString("hex")}`;
const database: DatabaseConfig = url ? { url, schema } : { dataDir: "memory://" };

describe("the production server", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildServer({ logLevel: "silent", database, plugins: [secretPlugin] });
  });
  afterAll(async () => {
    await app.close();
    if (url) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  });

  it("ignores the x-test-actor header", async () => {
    const response = await app.inject({ url: "/api/secret", headers: jsonHeaders(testAdminActor) });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("UNAUTHORIZED");
  });

  it("answers health with the version", async () => {
    const response = await app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe("ok");
  });
});
