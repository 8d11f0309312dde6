import { describe, expect, it } from "vitest";
import { createRequestIdGenerator } from "./request-id.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("request ids", () => {
  it("are UUID-shaped and never repeat within a process", () => {
    const next = createRequestIdGenerator();
    const ids = Array.from({ length: 10_000 }, () => next());
    for (const id of ids.slice(0, 3)) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("differ between generators (processes) from the first id on", () => {
    expect(createRequestIdGenerator()()).not.toBe(createRequestIdGenerator()());
  });
});
