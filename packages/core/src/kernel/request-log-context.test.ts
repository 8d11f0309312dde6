import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createKernel } from "../create-kernel.js";
import { createCommerceServer } from "../http/create-server.js";
import { router } from "../http/router.js";
import { createTestDatabase } from "../testing/index.js";
import { definePlugin } from "./plugin.js";
import { requestIdMixin } from "./request-log-context.js";

// A route that logs through the kernel's logger, as services, hooks and after-commit work do.
const chatty = definePlugin({
  id: "chatty",
  version: "1.0.0",
  routes: ({ logger }) =>
    router("Chatty", "/chatty")
      .get("/", { summary: "Logs, then answers" })
      .handler(async () => {
        logger.info("before the await");
        await new Promise((resolve) => setTimeout(resolve, 5));
        logger.info("after the await");
        return { data: "ok" };
      })
      .build(),
});

describe("request ids in the logs", () => {
  it("are on every line written while serving a request, once, and on no line outside one", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "info", mixin: requestIdMixin }, { write: (line: string) => void lines.push(line) });
    const kernel = await createKernel(
      { environment: "test", plugins: [chatty] },
      { database: await createTestDatabase(), logger },
    );
    const app = await createCommerceServer(kernel);
    try {
      lines.length = 0;
      const [first, second] = await Promise.all([
        app.inject({ url: "/api/chatty" }),
        app.inject({ url: "/api/chatty" }),
      ]);
      logger.info("outside any request");
      const ids = [first?.headers["x-request-id"], second?.headers["x-request-id"]];
      expect(new Set(ids).size).toBe(2);

      const parsed = lines.map((line) => ({ raw: line, json: JSON.parse(line) as { reqId?: string; msg: string } }));
      for (const id of ids) {
        const mine = parsed.filter((line) => line.json.reqId === id).map((line) => line.json.msg);
        expect(mine).toEqual(
          expect.arrayContaining(["incoming request", "before the await", "after the await", "request completed"]),
        );
      }
      // Fastify's request logger binds the id itself: the mixin must not add it a second time.
      for (const line of parsed) expect(line.raw.match(/"reqId"/g)?.length ?? 0).toBeLessThanOrEqual(1);
      expect(parsed.find((line) => line.json.msg === "outside any request")?.json.reqId).toBeUndefined();
    } finally {
      await app.close();
    }
  }, 120_000);
});
