import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPluginTestApp } from "@unified-commerce/plugin-sdk/testing";
import { BACKFILL_TASK } from "./channel-declarations.js";
import { channelConnector } from "./channel-plugin.js";
import {
  call,
  connectTwoStores,
  drainJobs,
  product,
  REMOTE_API_KEY,
  REMOTE_BASE_URL,
  remoteAdmin,
  type TwoStores,
} from "./channel-test-helpers.js";

describe("the rest-store adapter's failures", () => {
  let stores: TwoStores;
  beforeAll(async () => {
    stores = await connectTwoStores({ attempts: 2 });
    for (const slug of ["alpha", "beta", "gamma"]) await product(stores.t, { slug, price: 700 });
  }, 120_000);
  afterAll(() => stores.close());

  const connect = async (apiKey: string): Promise<string> =>
    (
      await call(stores.t, "POST", "/api/channels", {
        body: {
          name: "Remote",
          adapterId: "rest-store",
          currency: "EUR",
          settings: { baseUrl: REMOTE_BASE_URL },
          credentials: { apiKey },
        },
      })
    ).body.data.id as string;

  it("fails the page's job on credentials the channel refuses, recording no progress, and retries it", async () => {
    const id = await connect("uc_wrong_key");
    await call(stores.t, "POST", `/api/channels/${id}/backfill`);
    await drainJobs(stores.t);
    const { rows } = await sql<{
      status: string;
      attempts: number;
      error: string;
    }>`select status, attempts, error from jobs where task_slug = ${BACKFILL_TASK} and input->>'connectionId' = ${id}`.execute(
      stores.t.db,
    );
    expect(rows).toEqual([{ status: "failed", attempts: 2, error: expect.stringContaining("401") }]);
    expect((await call(stores.t, "GET", `/api/channels/${id}`)).body.data.backfill).toMatchObject({
      status: "running",
      pages: 0,
      items: 0,
      errors: 0,
    });
    expect((await call(stores.t, "GET", "/api/catalog/entities", { actor: remoteAdmin })).body.data).toEqual([]);
    await call(stores.t, "DELETE", `/api/channels/${id}`);
  });

  it("counts a product the channel refuses as an error of the run and pushes the others", async () => {
    const id = await connect(REMOTE_API_KEY);
    stores.refuseOnce((entry) => entry.method === "GET" && entry.path === "/api/catalog/entities/beta", 422);
    await call(stores.t, "POST", `/api/channels/${id}/backfill`);
    await drainJobs(stores.t);
    expect((await call(stores.t, "GET", `/api/channels/${id}`)).body.data.backfill).toMatchObject({
      status: "done",
      pages: 1,
      items: 2,
      errors: 1,
      lastError: expect.stringContaining("beta"),
    });
    const remote = (await call(stores.t, "GET", "/api/catalog/entities", { actor: remoteAdmin })).body.data
      .map((entity: { slug: string }) => entity.slug)
      .sort();
    expect(remote).toEqual(["alpha", "gamma"]);
  });
});

describe("the rest-store adapter over a real socket", () => {
  it("backfills through globalThis.fetch and the other store's x-api-key", async () => {
    // The other store resolves its API key as the real server would resolve a key of its own.
    const t = await createPluginTestApp(channelConnector(), {
      resolveActor: async (request) => (request.headers["x-api-key"] === REMOTE_API_KEY ? remoteAdmin : null),
    });
    try {
      const address = await t.app.listen({ host: "127.0.0.1", port: 0 });
      await product(t, { slug: "socket-lamp", price: 1200 });
      const created = await call(t, "POST", "/api/channels", {
        body: {
          name: "Remote",
          adapterId: "rest-store",
          currency: "EUR",
          settings: { baseUrl: address },
          credentials: { apiKey: REMOTE_API_KEY },
        },
      });
      expect(created.status).toBe(201);
      await call(t, "POST", `/api/channels/${created.body.data.id}/backfill`);
      await drainJobs(t);
      expect((await call(t, "GET", `/api/channels/${created.body.data.id}`)).body.data.backfill).toMatchObject({
        status: "done",
        items: 1,
        errors: 0,
      });
      const remote = await call(t, "GET", "/api/catalog/entities/socket-lamp", { actor: remoteAdmin });
      expect(remote.status).toBe(200);
      expect(remote.body.data.id).not.toBe((await call(t, "GET", "/api/catalog/entities/socket-lamp")).body.data.id);
    } finally {
      await t.close();
    }
  });
});
