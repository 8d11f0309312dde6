import { describe, expect, it } from "vitest";
import { parseSafeInteger } from "../db/safe-integer.js";
import { fromPostgresError } from "./postgres-errors.js";

describe("fromPostgresError", () => {
  it("answers an int8 beyond the safe range as an internal error that names the value", () => {
    const thrown = (() => {
      try {
        parseSafeInteger("9007199254740993");
      } catch (error) {
        return error;
      }
    })();
    const answer = fromPostgresError(thrown);
    expect(answer?.code).toBe("INTERNAL_ERROR");
    expect(answer?.status).toBe(500);
    expect(answer?.message).toBe("Integer 9007199254740993 is outside the safe range");
  });

  it("leaves an error it does not know to the caller (a 500 without detail)", () => {
    expect(fromPostgresError(new Error("boom"))).toBeNull();
  });
});
