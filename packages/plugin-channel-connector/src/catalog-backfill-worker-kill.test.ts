import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgresTestRun } from "@unified-commerce/plugin-sdk/testing";
import {
  call,
  connectTwoStores,
  product,
  REMOTE_API_KEY,
  REMOTE_BASE_URL,
  remoteAdmin,
  type TwoStores,
} from "./channel-test-helpers.js";

const PRODUCTS = 250;
const LEASE_MS = 1_500;

/**
 * The worker killed half-way, for real: the backfill's jobs run in a child process whose adapter
 * reaches the other store over a real socket; the test kills it with SIGKILL in the middle of page 3
 * (its job stays leased to a dead worker), and a second worker process takes the page over once the
 * lease expires. Needs PostgreSQL: two processes share the store's database.
 */
describe.runIf(isPostgresTestRun())(
  "catalog backfill with its worker process killed half-way",
  { timeout: 150_000 },
  () => {
    const secretKey = randomBytes(32).toString("base64");
    let stores: TwoStores;
    let proxy: Server;
    let connectionId: string;
    const workers: ChildProcess[] = [];
    /** Called on each creation the remote store receives, before it is forwarded. */
    let onCreate: (count: number) => void = () => undefined;

    beforeAll(async () => {
      stores = await connectTwoStores({ backfillPageSize: 50 }, { secretKey });
      for (let index = 0; index < PRODUCTS; index += 1)
        await product(stores.t, { slug: `item-${String(index).padStart(3, "0")}`, price: 1000 + index });
      // The other store on a real socket, forwarding to the test's remote store (which records every call).
      let creations = 0;
      proxy = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          const method = request.method ?? "GET";
          if (method === "POST" && request.url === "/api/catalog/entities") onCreate((creations += 1));
          if (response.destroyed) return;
          const body = chunks.length > 0 ? Buffer.concat(chunks).toString("utf8") : undefined;
          const headers = Object.fromEntries(
            Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
          );
          void stores
            .fetch(`${REMOTE_BASE_URL}${request.url ?? "/"}`, {
              method,
              headers,
              ...(body === undefined ? {} : { body }),
            })
            .then(async (answer) =>
              response
                .writeHead(answer.status, { "content-type": "application/json" })
                .end(JSON.stringify(await answer.json())),
            )
            .catch(() => response.destroy());
        });
      });
      await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
      const baseUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const created = await call(stores.t, "POST", "/api/channels", {
        body: {
          name: "Remote store",
          adapterId: "rest-store",
          currency: "EUR",
          settings: { baseUrl },
          credentials: { apiKey: REMOTE_API_KEY },
        },
      });
      expect(created.status).toBe(201);
      connectionId = created.body.data.id;
    }, 600_000);
    afterAll(async () => {
      for (const worker of workers) worker.kill("SIGKILL");
      await new Promise((resolve) => proxy?.close(resolve));
      await stores?.close();
    });

    function startWorker(): Promise<ChildProcess> {
      const worker = fork(fileURLToPath(new URL("./backfill-test-worker.ts", import.meta.url)), [], {
        execArgv: ["--conditions=source", "--import", "tsx"],
        env: {
          ...process.env,
          JOIN_SCHEMA: stores.t.kernel.database.schema,
          SECRET_KEY: secretKey,
          LEASE_MS: String(LEASE_MS),
        },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      workers.push(worker);
      return new Promise((resolve, reject) => {
        worker.once("message", () => resolve(worker));
        worker.once("exit", (code) => reject(new Error(`the worker exited with ${code} before it was ready`)));
      });
    }
    const progress = async () => (await call(stores.t, "GET", `/api/channels/${connectionId}`)).body.data.backfill;
    async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
      for (let attempt = 0; attempt < 1_200; attempt += 1) {
        const value = await read();
        if (isDone(value)) return value;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error("timed out waiting");
    }

    it("lists every product exactly once: the second worker takes the dead one's page over after its lease", async () => {
      const first = await startWorker();
      const killed = new Promise<void>((resolve) => {
        onCreate = (count) => {
          // Half of page 3 is on the other store: the worker dies mid-page, its job leased to it.
          if (count !== 125) return;
          first.kill("SIGKILL");
          first.once("exit", () => resolve());
        };
      });
      expect((await call(stores.t, "POST", `/api/channels/${connectionId}/backfill`)).status).toBe(202);
      await killed;
      onCreate = () => undefined;
      expect(await progress()).toMatchObject({ status: "running", pages: 2, items: 100 });
      // The dead worker's job: still leased to it until the lease runs out.
      const { rows: leased } = await sql<{ lockedBy: string | null }>`
      select locked_by from jobs where task_slug = 'channel/backfill-catalog' and status = 'processing'`.execute(
        stores.t.db,
      );
      expect(leased).toEqual([{ lockedBy: expect.any(String) }]);

      const second = await startWorker();
      expect(await until(progress, (backfill) => backfill.status === "done")).toMatchObject({
        status: "done",
        pages: 5,
        items: PRODUCTS,
        errors: 0,
      });
      second.kill("SIGKILL");

      // Each product created once: the second worker found the dead one's half page and updated it.
      const creations = stores.calls.filter(
        (entry) => entry.method === "POST" && entry.path === "/api/catalog/entities",
      ).length;
      expect(creations).toBe(PRODUCTS);
      const remote = await call(stores.t, "GET", "/api/catalog/entities?type=product&limit=1", { actor: remoteAdmin });
      expect(remote.body.meta.pagination.total).toBe(PRODUCTS);
      const { rows } = await sql<{ listings: number; externalIds: number }>`
      select count(*)::int as listings, count(distinct external_id)::int as external_ids from channel_listings where connection_id = ${connectionId}`.execute(
        stores.t.db,
      );
      expect(rows[0]).toEqual({ listings: PRODUCTS, externalIds: PRODUCTS });
    });
  },
);
