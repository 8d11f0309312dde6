/** src/build-server.ts: the kernel and the HTTP server, built and not started, so tests inject into it. */
export const buildServerFile = `import { createCommerceServer, createKernel, type CommerceConfig } from "@unified-commerce/core";

/** The store's HTTP server: the commerce API under /api (explorer at /api/reference). */
export async function buildServer(config: CommerceConfig) {
  const kernel = await createKernel(config);
  return createCommerceServer(kernel);
}
`;

/** src/server.ts: starts the store. */
export const serverFile = `import config from "../commerce.config.js";
import { buildServer } from "./build-server.js";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";

// With the embedded database, \`uc\` is refused the data directory while the server runs, with this name.
const app = await buildServer({ ...config, database: { ...config.database, lockHolder: "a running server" } });
await app.listen({ port, host });
app.log.info(\`Store API on http://\${host}:\${port}/api, explorer at http://\${host}:\${port}/api/reference\`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
`;

/** src/store.test.ts: the store as configured, on a throwaway embedded database. */
export const storeTestFile = `import { afterAll, beforeAll, describe, expect, it } from "vitest";
import config from "../commerce.config.js";
import { buildServer } from "./build-server.js";

describe("the store", () => {
  let app: Awaited<ReturnType<typeof buildServer>>;
  beforeAll(async () => {
    app = await buildServer({ ...config, logLevel: "silent", database: { dataDir: "memory://" }, http: { ...config.http, rateLimit: false } });
  });
  afterAll(() => app.close());

  it("answers /api/health", async () => {
    const response = await app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe("ok");
  });

  it("documents the sample plugin's routes in its OpenAPI document", async () => {
    const doc = (await app.inject({ url: "/api/doc" })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/greetings", "/api/greetings/{id}"]));
  });

  it("refuses callers without credentials", async () => {
    const response = await app.inject({ method: "POST", url: "/api/greetings", payload: { name: "Ada" } });
    expect(response.statusCode).toBe(401);
  });
});
`;
