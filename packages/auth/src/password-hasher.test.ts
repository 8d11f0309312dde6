import { describe, expect, it } from "vitest";
import { createPasswordHasher, OWASP_ARGON2ID } from "./password-hasher.js";

describe("password hashing", () => {
  it("defaults to argon2id with the OWASP parameters", async () => {
    expect(OWASP_ARGON2ID).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const stored = await createPasswordHasher().hash("a password");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("asks for a rehash when the parameters changed, only once the password is known to be right", async () => {
    const old = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const current = createPasswordHasher({ memoryCost: 2048, timeCost: 1, parallelism: 1 });
    const stored = await old.hash("a password");
    expect(await current.verify(stored, "a password")).toEqual({ isValid: true, needsRehash: true });
    expect(await current.verify(stored, "wrong")).toEqual({ isValid: false, needsRehash: false });
    expect(await old.verify(stored, "a password")).toEqual({ isValid: true, needsRehash: false });
  });

  it("verifies against a dummy hash when there is no stored hash, and never accepts", async () => {
    const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    expect(await hasher.verify(null, "")).toEqual({ isValid: false, needsRehash: false });
    expect(await hasher.verify("not-a-hash", "x")).toEqual({ isValid: false, needsRehash: false });
  });
});
