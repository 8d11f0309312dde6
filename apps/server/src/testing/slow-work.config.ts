import { defineConfig, definePlugin, defineTask, router } from "@unified-commerce/core";
import base from "../../commerce.config.js";

// The reference server's configuration plus slow work to shut down in the middle of, for the tests that
// spawn the real processes (graceful-shutdown.test.ts). Never deployed.
const delayMs = Number(process.env.TEST_SLOW_MS ?? 1500);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const slowWork = definePlugin({
  id: "test-slow-work",
  version: "1.0.0",
  routes: () =>
    router("Test", "/test")
      .get("/slow", { summary: "Answers after TEST_SLOW_MS" })
      .handler(async () => {
        await sleep(delayMs);
        return { data: { isDone: true } };
      })
      .build(),
  tasks: [
    defineTask({
      slug: "test/slow",
      handler: async (_input, { logger, job }) => {
        logger.info({ jobId: job.id }, "slow job started");
        await sleep(delayMs);
        return { isDone: true };
      },
    }),
  ],
  start: async ({ services, defaultOrganizationId }) => {
    for (let index = 0; index < Number(process.env.TEST_ENQUEUE_SLOW_JOBS ?? 0); index += 1) {
      await services.jobs.enqueue("test/slow", { index }, { organizationId: defaultOrganizationId });
    }
  },
});

export default defineConfig({ ...base, plugins: [...(base.plugins ?? []), slowWork] });
