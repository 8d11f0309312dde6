import { describe, expect, it } from "vitest";
import { createPrefetchSizer } from "./prefetch-sizer.js";

describe("prefetch sizing", () => {
  it("starts with one batch of `concurrency` before anything is measured", () => {
    expect(createPrefetchSizer({ concurrency: 10, max: 100 }).target()).toBe(10);
  });

  it("prefetches up to the maximum when jobs finish faster than a claim round trip", () => {
    const sizer = createPrefetchSizer({ concurrency: 10, max: 100 });
    sizer.recordClaim(2);
    sizer.recordJob(0.05);
    expect(sizer.target()).toBe(100);
  });

  it("keeps one spare job when jobs are slow", () => {
    const sizer = createPrefetchSizer({ concurrency: 10, max: 100 });
    sizer.recordClaim(2);
    sizer.recordJob(1000);
    expect(sizer.target()).toBe(1);
  });
});
