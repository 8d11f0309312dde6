import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/create-database.js";
import { createKernel } from "../create-kernel.js";
import { createTestDatabase } from "../testing/test-database.js";

const quiet = { logLevel: "silent" } as const;
const REGISTRY = Symbol.for("@unified-commerce/core");

describe("one copy of core per process", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });

  it("records the copy that was imported", () => {
    const loaded = (globalThis as Record<symbol, unknown>)[REGISTRY];
    expect(loaded).toEqual([{ version: expect.any(String), url: expect.stringContaining("single-copy") }]);
  });

  it("refuses to boot a kernel while a second copy of core is loaded, naming both, and closes the database", async () => {
    const loaded = (globalThis as Record<symbol, unknown>)[REGISTRY] as { version: string; url: string }[];
    // What a plugin's own install of core would add when plugin-sdk imports it.
    const other = {
      version: "0.0.1",
      url: "file:///store/node_modules/some-plugin/node_modules/@unified-commerce/core/dist/kernel/single-copy.js",
    };
    loaded.push(other);
    let isClosed = false;
    const close = database.close;
    database.close = async () => {
      isClosed = true;
      await close.call(database);
    };
    try {
      await expect(createKernel(quiet, { database })).rejects.toThrow(
        /Two copies of @unified-commerce\/core are loaded \(.+, 0\.0\.1 from file:\/\/\/store\//,
      );
      expect(isClosed).toBe(true);
    } finally {
      loaded.splice(loaded.indexOf(other), 1);
    }
  });
});
