import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff-delay.js";

describe("backoffDelay", () => {
  it("waits the fixed delay after every attempt", () => {
    expect([1, 2, 3, 10].map((attempt) => backoffDelay({ type: "fixed", delay: 500 }, attempt))).toEqual([
      500, 500, 500, 500,
    ]);
  });

  it("doubles the exponential delay after each attempt: delay * 2^(n-1)", () => {
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay({ type: "exponential", delay: 100 }, attempt))).toEqual([
      100, 200, 400, 800, 1600,
    ]);
  });

  it("retries at once without a policy", () => {
    expect(backoffDelay(undefined, 3)).toBe(0);
  });

  it("caps huge exponents instead of overflowing a timestamp", () => {
    expect(backoffDelay({ type: "exponential", delay: 1000 }, 200)).toBe(2 ** 31 - 1);
  });
});
