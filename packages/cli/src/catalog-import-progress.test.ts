import { createTestApp, type TestApp } from "@unified-commerce/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliIo } from "./cli-context.js";
import { runCatalogImport } from "./commands/catalog-commands.js";
import { generatedCatalog } from "./seed/generated-catalog.js";

/** An io that records what `uc` would write, as a terminal or not. */
function recordingIo(isErrTerminal: boolean) {
  const out: string[] = [];
  const err: string[] = [];
  const drawn: string[] = [];
  const io: CliIo = {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    env: {},
    isErrTerminal,
    errLine: (text) => drawn.push(text),
  };
  return { io, out, err, drawn };
}

describe("uc catalog import progress", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("draws a bar on a terminal, batch by batch, and clears it at the end", async () => {
    const { io, err, drawn } = recordingIo(true);
    const summary = await runCatalogImport(
      t.kernel,
      {
        organizationId: "default",
        body: generatedCatalog(1_200, "EUR"),
        format: "ndjson",
        filename: null,
        isJson: false,
        concurrency: 1,
      },
      io,
    );
    expect(summary).toMatchObject({ status: "completed", created: 1_200 });
    expect(err).toEqual([]);
    const bars = drawn.filter((line) => line.startsWith("importing ["));
    // One draw at the start, then one per batch of 500 (and the last, empty poll).
    expect(bars.length).toBeGreaterThanOrEqual(4);
    expect(bars.at(-1)).toMatch(/\[#{30}\] 1200\/1200 1200 created, 0 updated, 0 failed/);
    expect(drawn.at(-1)).toBe("");
  });

  it("prints nothing on stderr with --json", async () => {
    const { io, err, drawn } = recordingIo(false);
    await runCatalogImport(
      t.kernel,
      { organizationId: "default", body: generatedCatalog(10, "EUR"), format: "ndjson", filename: null, isJson: true },
      io,
    );
    expect([...err, ...drawn]).toEqual([]);
  });
});
